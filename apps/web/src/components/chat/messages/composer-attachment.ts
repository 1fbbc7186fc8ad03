/** A file of the message: the person's upload (uploads.create) and its description. */
export interface ComposerAttachment {
  uploadId: string;
  description: string | null;
}
