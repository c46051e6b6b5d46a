import { crc32, inflateRawSync } from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@invoicer/domain/api/imports';
import { badRequest } from '../../plugins/errors';

/**
 * The files of an export ZIP that the importer reads, and nothing else
 * (docs/decisions/0054-importing-clients-and-invoices.md#zip-files): the central directory is read first; at most
 * IMPORT_LIMITS.zipEntries entries; only the wanted names are inflated, each into at most its declared size
 * (zlib's maxOutputLength stops a stream that would write more), the declared sizes together at most
 * IMPORT_LIMITS.zipJsonBytes, and the inflated bytes must match the declared size and CRC. A ZIP bomb is refused
 * before, or while, it inflates; PDFs and unknown files are never inflated at all.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const unreadable = () => badRequest(IMPORT_MESSAGES.zipUnreadable);

/** Answers the wanted files' contents by name (a wanted name that is absent is simply not in the map). */
export function readZipFiles(buffer: Buffer, wanted: ReadonlySet<string>): Map<string, Buffer> {
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let offset = buffer.length - 22; offset >= Math.max(0, buffer.length - 22 - 0xffff); offset--) {
    if (buffer.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const entries = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64, never needed within the upload limit.
  if (entries === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > end) throw unreadable();
  if (entries > IMPORT_LIMITS.zipEntries) throw badRequest(IMPORT_MESSAGES.zipTooManyEntries);

  const found = new Map<string, Buffer>();
  let declaredTotal = 0;
  let offset = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > end || buffer.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw unreadable();
    const flags = buffer.readUInt16LE(offset + 8);
    const method = buffer.readUInt16LE(offset + 10);
    const crc = buffer.readUInt32LE(offset + 16);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (!wanted.has(name) || found.has(name)) continue;

    if (flags & 1) throw unreadable(); // encrypted
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw unreadable();
    declaredTotal += size;
    if (declaredTotal > IMPORT_LIMITS.zipJsonBytes) throw badRequest(IMPORT_MESSAGES.zipTooLarge);
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) throw unreadable();
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buffer.length) throw unreadable();
    const data = buffer.subarray(dataStart, dataStart + compressedSize);

    let content: Buffer;
    if (method === 0) {
      content = data;
    } else if (method === 8) {
      try {
        // One byte more than declared: a stream that reaches it lied about its size, and is cut off there.
        content = inflateRawSync(data, { maxOutputLength: size + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw badRequest(IMPORT_MESSAGES.zipTooLarge);
        throw unreadable();
      }
    } else {
      throw unreadable();
    }
    if (content.length !== size) {
      throw content.length > size ? badRequest(IMPORT_MESSAGES.zipTooLarge) : unreadable();
    }
    if (crc32(content) !== crc) throw unreadable();
    found.set(name, content);
  }
  return found;
}
