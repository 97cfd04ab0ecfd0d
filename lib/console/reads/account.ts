import { z } from "zod";
import { ROLES } from "../auth/roles";
import { consoleRead } from "./spec";
import { READ_ROUTES } from "./routes";

export const meRead = consoleRead({
  ...READ_ROUTES.me,
  summary: "The signed-in console user: who the browser is",
  answer: z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) }) }),
});

export const signOutRead = consoleRead({
  ...READ_ROUTES.signOut,
  summary: "Where the browser goes once the console session is ended: the identity provider's sign-out page, or null (the sign-in page)",
  answer: z.object({ providerSignOutUrl: z.string().nullable() }),
});
