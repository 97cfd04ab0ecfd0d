import { walkTheConsoleAs } from "./walk";

walkTheConsoleAs("agent");
