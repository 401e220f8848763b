import { getApi } from '@honne/api-client';
import type { MessageSize } from '@honne/contracts/chat';

/**
 * `POST /messages/signedFileUrl` with upload progress (fetch has none, so XMLHttpRequest with the
 * session's bearer token). Resolves with the image URL and size, rejects with the server's message.
 */
export async function uploadImage(
  roomId: string,
  dataUrl: string,
  onProgress: (fraction: number) => void,
): Promise<{ url: string; size: { width: number; height: number } }> {
  const api = getApi().client;
  await api.ensureFreshToken();
  const token = api.session.token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/messages/signedFileUrl');
    xhr.setRequestHeader('Content-Type', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as {
          data?: { url: string; size: typeof MessageSize.static };
          errors?: Record<string, string>;
        };
        if (xhr.status === 200 && body.data) resolve(body.data);
        else reject(new Error(Object.values(body.errors ?? {})[0] ?? `upload ${xhr.status}`));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('upload failed'));
      }
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.send(JSON.stringify({ room_id: roomId, data: dataUrl }));
  });
}
