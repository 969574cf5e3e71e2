import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Notification attachments the portal serves itself (issue 13 item 9: the demo's pointed at an
 * outside host and failed offline). A stored attachment names a file of NOTIFICATION_FILES_DIR
 * (`file`), its name, size and media type; the API answers it with a URL of this server,
 * `/ecaas/notifications/{id}/attachments/{index}`, which checks the reader's session and access
 * like the notification list does. An attachment stored with a `url` instead (a file an operator
 * hosts elsewhere) is passed through unchanged.
 */
export const NOTIFICATION_FILES_DIR = fileURLToPath(new URL('./files/', import.meta.url));

/** An attachment as stored in notifications.notification_attachments. */
export interface StoredAttachment {
  file_name?: unknown;
  file_size?: unknown;
  content_type?: unknown;
  file?: unknown;
  url?: unknown;
}

/** The path under which the portal serves attachment `index` of notification `id`. */
export const attachmentUrl = (id: number | string, index: number) => `/ecaas/notifications/${id}/attachments/${index}`;

const asAttachments = (value: unknown): StoredAttachment[] =>
  Array.isArray(value) ? value.filter((item): item is StoredAttachment => !!item && typeof item === 'object') : [];

/** The file an attachment names, when it is a plain file name: a stored `../x` cannot reach outside the folder. */
function servedFile(attachment: StoredAttachment | undefined): string | null {
  const file = attachment?.file;
  return typeof file === 'string' && file !== '' && basename(file) === file && file !== '..' ? file : null;
}

/** The attachments as the API shows them: served files get the portal's URL, the file's own name stays internal. */
export function publicAttachments(id: number | string, stored: unknown): Array<Record<string, unknown>> {
  return asAttachments(stored).map((attachment, index) => {
    const { file: _internal, ...shown } = attachment;
    return servedFile(attachment) ? { ...shown, url: attachmentUrl(id, index) } : shown;
  });
}

/** A served attachment: its name, media type and bytes. */
export interface AttachmentFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * The file behind attachment `index`, or null when there is none (no such entry, an entry that
 * links elsewhere, or a file missing on disk). Only a plain file name inside the folder is read.
 */
export async function readAttachment(stored: unknown, index: number, directory = NOTIFICATION_FILES_DIR): Promise<AttachmentFile | null> {
  const attachment = asAttachments(stored)[index];
  const file = servedFile(attachment);
  if (!attachment || !file) return null;
  const path = join(directory, file);
  try {
    if (!(await stat(path)).isFile()) return null;
    return {
      fileName: typeof attachment.file_name === 'string' && attachment.file_name !== '' ? attachment.file_name : file,
      contentType: typeof attachment.content_type === 'string' ? attachment.content_type : 'application/octet-stream',
      content: await readFile(path),
    };
  } catch {
    return null;
  }
}
