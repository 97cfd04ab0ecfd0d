import { getDb } from "@/lib/db";
import { recordingEvents } from "@/lib/service/live/recording-page";

/** The recorded events of a session, for its replay page (the token in the path is the credential). */
export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  const events = await recordingEvents(await getDb(), token);
  if (!events) return Response.json({ status: "error", error: "not_found", message: "No recording at this address." }, { status: 404 });
  return Response.json({ status: "ok", events }, { headers: { "cache-control": "private, max-age=3600" } });
}
