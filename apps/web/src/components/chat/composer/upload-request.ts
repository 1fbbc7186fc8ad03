/** The file's bytes as base64 (what uploads.create takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

/**
 * uploads.create for one file, by XMLHttpRequest rather than the tRPC client: only it reports
 * how much of the body went out (`onProgress`, 0 to 1). Answers the upload's id; a refusal
 * rejects with the service's sentence.
 */
export async function uploadFile(
  channelId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const data = await base64Of(file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/trpc/uploads.create");
    request.setRequestHeader("content-type", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        const answer = JSON.parse(request.responseText) as {
          result?: { data?: { id?: string } };
          error?: { message?: string };
        };
        const id = answer.result?.data?.id;
        if (request.status === 200 && id) return resolve(id);
        reject(
          new Error(
            answer.error?.message && !answer.error.message.startsWith("[")
              ? answer.error.message
              : `${file.name} could not be uploaded. Try again.`,
          ),
        );
      } catch {
        reject(new Error(`${file.name} could not be uploaded. Try again.`));
      }
    };
    request.onerror = () =>
      reject(new Error(`${file.name} could not be uploaded: check the connection and try again.`));
    request.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(JSON.stringify({ channelId, filename: file.name, contentType: file.type || null, data }));
  });
}
