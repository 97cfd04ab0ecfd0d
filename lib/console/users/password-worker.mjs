// Hashes and checks console passwords in a worker thread of the pool in lib/console/users/passwords.ts: bcrypt
// is seconds of CPU under a burst of sign-ins, and on the server's thread it would stall every request.
// bcryptjs here, so that every hash already stored stays valid. Plain JavaScript, so that any loader of
// the app (tsx, Next's bundle, vitest) can start it.
import bcrypt from "bcryptjs";

export default function run({ op, password, hash, cost }) {
  return op === "hash" ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
}
