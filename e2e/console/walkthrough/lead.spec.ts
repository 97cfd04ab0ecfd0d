import { walkTheConsoleAs } from "./walk";

walkTheConsoleAs("lead");
