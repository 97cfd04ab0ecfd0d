import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/console/auth/auth-options";
import { withAuthRequest } from "@/lib/console/auth/auth-request";
import { clientIp } from "@/lib/console/auth/request-ip";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context) {
  const params = await context.params;
  return withAuthRequest(clientIp(request.headers), () => NextAuth(request, { params }, authOptions()));
}

export { handler as GET, handler as POST };
