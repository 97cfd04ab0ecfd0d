import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./passwords";

const newPassword = {
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`).max(200, "Use at most 200 characters."),
  confirm: z.string().max(200),
};
/** The mismatch of a password typed twice is reported on the confirmation field. */
const sameTwice = (input: { password: string; confirm: string }) => input.password === input.confirm;
const mismatch = { path: ["confirm"], message: "The two passwords differ." };

export const changePasswordForm = z.object({ current: z.string().min(1, "Enter your current password.").max(200), ...newPassword }).refine(sameTwice, mismatch);
/** A reset link's token: 32 random bytes, base64url. */
export const resetTokenSchema = z.string().regex(/^[\w-]{43}$/, "This link is not a reset link.");

export const resetPasswordForm = z.object({ token: resetTokenSchema, ...newPassword }).refine(sameTwice, mismatch);
