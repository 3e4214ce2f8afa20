// Sending a file with its progress: fetch cannot tell how much of a request body has gone, so an
// upload that reports progress goes through XMLHttpRequest, answered as a fetch Response so the
// client's token refresh, error mapping and parsing stay the same.

/** Sends `init` to `url`, calling `onProgress` with the part of the body sent (0 to 1). */
export type UploadTransport = (url: string, init: { method: string; headers: Record<string, string>; body: FormData }, onProgress: (fraction: number) => void) => Promise<Response>;

export const xhrUpload: UploadTransport = (url, init, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      onProgress(1);
      const type = xhr.getResponseHeader('Content-Type');
      // A null-body status (204...) takes no body in a Response.
      const body = xhr.status === 204 || xhr.status === 205 || xhr.status === 304 ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: type ? { 'Content-Type': type } : {} }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to upload'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
    xhr.send(init.body);
  });
