import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { checkConnection } from "@/lib/console/settings/connection";

export const GET = serveRead(CONSOLE_READS.connection, checkConnection);
