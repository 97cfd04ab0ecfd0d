import { createHash, createHmac, randomBytes } from "node:crypto";
import dgram from "node:dgram";
import net from "node:net";

/**
 * The few TURN requests (RFC 8656) a test needs to ask a TURN server what it allows, over UDP or TCP:
 * Allocate, Refresh and CreatePermission, with long-term credentials. It never sends data through a
 * relay: a permission asked for reaches no peer.
 */

const COOKIE = 0x2112a442;
const METHOD = { allocate: 0x003, refresh: 0x004, createPermission: 0x008 } as const;
const ATTR = {
  username: 0x0006,
  integrity: 0x0008,
  errorCode: 0x0009,
  lifetime: 0x000d,
  peer: 0x0012,
  realm: 0x0014,
  nonce: 0x0015,
  family: 0x0017,
  transport: 0x0019,
} as const;

type Attribute = [type: number, value: Buffer];
interface Answer {
  ok: boolean;
  /** The error code of an error answer (401, 403, 438, 442…). */
  code?: number;
  attributes: Map<number, Buffer>;
}

function encode(method: number, transaction: Buffer, attributes: Attribute[], key?: Buffer): Buffer {
  const body = Buffer.concat(
    attributes.map(([type, value]) => {
      const attribute = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
      attribute.writeUInt16BE(type, 0);
      attribute.writeUInt16BE(value.length, 2);
      value.copy(attribute, 4);
      return attribute;
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(method, 0); // a request: the class bits are 0
  header.writeUInt32BE(COOKIE, 4);
  transaction.copy(header, 8);
  if (!key) {
    header.writeUInt16BE(body.length, 2);
    return Buffer.concat([header, body]);
  }
  // MESSAGE-INTEGRITY: HMAC-SHA1 of the message as if it ended with it (its length counted).
  header.writeUInt16BE(body.length + 24, 2);
  const integrity = createHmac("sha1", key)
    .update(Buffer.concat([header, body]))
    .digest();
  const attribute = Buffer.alloc(24);
  attribute.writeUInt16BE(ATTR.integrity, 0);
  attribute.writeUInt16BE(20, 2);
  integrity.copy(attribute, 4);
  return Buffer.concat([header, body, attribute]);
}

function decode(message: Buffer): Answer & { transaction: Buffer } {
  const type = message.readUInt16BE(0);
  const attributes = new Map<number, Buffer>();
  for (let offset = 20; offset + 4 <= message.length;) {
    const attributeType = message.readUInt16BE(offset);
    const length = message.readUInt16BE(offset + 2);
    attributes.set(attributeType, message.subarray(offset + 4, offset + 4 + length));
    offset += 4 + Math.ceil(length / 4) * 4;
  }
  const error = (type & 0x0110) === 0x0110;
  const code = error
    ? (() => {
        const value = attributes.get(ATTR.errorCode)!;
        return value[2] * 100 + value[3];
      })()
    : undefined;
  return { ok: !error, code, attributes, transaction: message.subarray(8, 20) };
}

/** XOR-PEER-ADDRESS of an IPv4 or IPv6 address (port 9, never used: nothing is sent to it). */
function peerAddress(address: string, transaction: Buffer): Buffer {
  const v6 = net.isIPv6(address);
  const value = Buffer.alloc(v6 ? 20 : 8);
  value[1] = v6 ? 0x02 : 0x01;
  value.writeUInt16BE(9 ^ (COOKIE >>> 16), 2);
  const raw = v6 ? ipv6Bytes(address) : Buffer.from(address.split(".").map(Number));
  const mask = Buffer.concat([Buffer.from([0x21, 0x12, 0xa4, 0x42]), transaction]);
  for (let i = 0; i < raw.length; i++) value[4 + i] = raw[i] ^ mask[i];
  return value;
}

function ipv6Bytes(address: string): Buffer {
  // An embedded IPv4 tail (::ffff:169.254.169.254) becomes two groups first.
  const tail = address.match(/(\d+\.\d+\.\d+\.\d+)$/);
  const text = tail
    ? address.replace(tail[1], (([a, b, c, d]) => `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`)(tail[1].split(".").map(Number)))
    : address;
  const [head, rest = ""] = text.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const filled = [...groups(head), ...Array(8 - groups(head).length - groups(rest).length).fill("0"), ...groups(rest)];
  return Buffer.from(filled.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

export interface TurnSession {
  /** Opens a relay (Allocate): `tcp` asks for a TCP relay (RFC 6062), `ipv6` for an IPv6 one. */
  allocate(options?: { tcp?: boolean; ipv6?: boolean }): Promise<Answer>;
  refresh(lifetimeSeconds?: number): Promise<Answer>;
  /** Asks for a permission to a peer: the server's answer says whether it would relay to that address. */
  permit(address: string): Promise<Answer>;
  close(): void;
}

/** A TURN client on 127.0.0.1, over UDP, or TCP (`tcp`), authenticated as `username`/`password` at the server's realm. */
export async function turnSession(port: number, credentials: { username: string; password: string }, options: { tcp?: boolean } = {}): Promise<TurnSession> {
  const pending = new Map<string, (answer: Answer) => void>();
  const received = (message: Buffer) => {
    const answer = decode(message);
    pending.get(answer.transaction.toString("hex"))?.(answer);
  };
  let send: (message: Buffer) => void;
  let close: () => void;
  if (options.tcp) {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 20 && buffered.length >= 20 + buffered.readUInt16BE(2)) {
        const length = 20 + buffered.readUInt16BE(2);
        received(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
      }
    });
    send = (message) => socket.write(message);
    close = () => socket.destroy();
  } else {
    const socket = dgram.createSocket("udp4");
    socket.on("message", received);
    send = (message) => socket.send(message, port, "127.0.0.1");
    close = () => socket.close();
  }

  let realm: Buffer | null = null;
  let nonce: Buffer | null = null;
  // An attribute may depend on the request's transaction id (an IPv6 peer's XOR does).
  type Attributes = Attribute[] | ((transaction: Buffer) => Attribute[]);
  const request = (method: number, given: Attributes): Promise<Answer> => {
    const transaction = randomBytes(12);
    const attributes = typeof given === "function" ? given(transaction) : given;
    const build = () => {
      if (!realm || !nonce) return encode(method, transaction, attributes);
      const key = createHash("md5").update(`${credentials.username}:${realm.toString()}:${credentials.password}`).digest();
      return encode(method, transaction, [[ATTR.username, Buffer.from(credentials.username)], [ATTR.realm, realm], [ATTR.nonce, nonce], ...attributes], key);
    };
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No TURN answer to method ${method}`)), 5_000);
      pending.set(transaction.toString("hex"), (answer) => {
        clearTimeout(timer);
        pending.delete(transaction.toString("hex"));
        resolve(answer);
      });
      send(build());
    });
  };
  /** A request, authenticated: the first challenge (401) or a stale nonce (438) gives the realm and nonce to ask again with. */
  const authenticated = async (method: number, attributes: Attributes) => {
    let answer = await request(method, attributes);
    if (answer.code === 401 || answer.code === 438) {
      realm = answer.attributes.get(ATTR.realm) ?? realm;
      nonce = answer.attributes.get(ATTR.nonce) ?? nonce;
      answer = await request(method, attributes);
    }
    return answer;
  };

  return {
    allocate: ({ tcp = false, ipv6 = false } = {}) =>
      authenticated(METHOD.allocate, [
        [ATTR.transport, Buffer.from([tcp ? 6 : 17, 0, 0, 0])],
        ...(ipv6 ? ([[ATTR.family, Buffer.from([0x02, 0, 0, 0])]] as Attribute[]) : []),
      ]),
    refresh: (lifetimeSeconds = 600) => {
      const lifetime = Buffer.alloc(4);
      lifetime.writeUInt32BE(lifetimeSeconds);
      return authenticated(METHOD.refresh, [[ATTR.lifetime, lifetime]]);
    },
    permit: (address) => authenticated(METHOD.createPermission, (transaction) => [[ATTR.peer, peerAddress(address, transaction)]]),
    close,
  };
}
