/** Liveness: the process answers. */
export function GET() {
  return Response.json({ status: "ok" });
}
