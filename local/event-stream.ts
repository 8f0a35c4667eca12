// AWS's event stream encoding (application/vnd.amazon.eventstream), the framing of Lambda's
// InvokeWithResponseStream answer: each message is a prelude (total and header lengths, their CRC32),
// string headers (:event-type, :content-type, :message-type), the payload and a CRC32 of all before it.
import { crc32 } from 'node:zlib';

/** Header value type 7: a UTF-8 string with a 16-bit length. */
const STRING_HEADER = 7;

/** One event stream message with string headers. */
function encodeEventMessage(headers: Readonly<Record<string, string>>, payload: Uint8Array): Buffer {
  const headerParts = Object.entries(headers).map(([name, value]) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const valueBytes = Buffer.from(value, 'utf8');
    const part = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
    part.writeUInt8(nameBytes.length, 0);
    nameBytes.copy(part, 1);
    part.writeUInt8(STRING_HEADER, 1 + nameBytes.length);
    part.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
    valueBytes.copy(part, 4 + nameBytes.length);
    return part;
  });
  const headerBytes = Buffer.concat(headerParts);
  const total = 12 + headerBytes.length + payload.length + 4;
  const message = Buffer.alloc(total);
  message.writeUInt32BE(total, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, 12);
  Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).copy(message, 12 + headerBytes.length);
  message.writeUInt32BE(crc32(message.subarray(0, total - 4)), total - 4);
  return message;
}

/** A PayloadChunk event of InvokeWithResponseStream: bytes the function wrote to its response stream. */
export function payloadChunkEvent(bytes: Uint8Array): Buffer {
  return encodeEventMessage(
    { ':event-type': 'PayloadChunk', ':content-type': 'application/octet-stream', ':message-type': 'event' },
    bytes,
  );
}

/** The InvokeComplete event that ends a streamed invocation, with the error if the function failed. */
export function invokeCompleteEvent(
  error?: { readonly code: string; readonly details: string },
  logResult?: string,
): Buffer {
  const body = {
    ...(error ? { ErrorCode: error.code, ErrorDetails: error.details } : {}),
    ...(logResult ? { LogResult: logResult } : {}),
  };
  return encodeEventMessage(
    { ':event-type': 'InvokeComplete', ':content-type': 'application/json', ':message-type': 'event' },
    Buffer.from(JSON.stringify(body), 'utf8'),
  );
}
