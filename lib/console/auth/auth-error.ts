/** Why the console refused a caller: 401 nobody is signed in, 403 the role does not allow it. */
export class AuthError extends Error {
  constructor(readonly status: 401 | 403) {
    super(status === 401 ? "Sign in to continue." : "Your role does not allow this.");
    this.name = "AuthError";
  }
}
