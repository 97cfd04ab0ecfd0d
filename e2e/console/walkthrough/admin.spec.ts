import { walkTheConsoleAs } from "./walk";

walkTheConsoleAs("admin");
