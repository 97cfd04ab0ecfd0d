import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

/** Whether reset links are also emailed (SMTP_URL is set). */
export const resetEmailConfigured = () => env().SMTP_URL !== undefined;

/** Emails a reset link to its user. Throws when the relay refuses; the caller still shows the link. */
export async function sendResetEmail(to: { email: string; name: string }, link: string, expiresAt: Date): Promise<void> {
  const { SMTP_URL, SMTP_FROM } = env();
  if (!SMTP_URL) return;
  const transport = nodemailer.createTransport(SMTP_URL);
  await transport.sendMail({
    from: SMTP_FROM,
    to: { name: to.name, address: to.email },
    subject: "Set a new Tandem password",
    text: [
      `Hello ${to.name},`,
      "",
      "An admin started a password reset for your Tandem console account. Open this link to choose a new password:",
      "",
      link,
      "",
      `It works once, until ${expiresAt.toUTCString()}. Your current sessions have not ended yet; they will when the new password is set.`,
    ].join("\n"),
  });
}
