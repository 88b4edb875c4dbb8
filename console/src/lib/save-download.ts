import { apiDownload } from '../api/client';

/**
 * Fetches a download with the session's headers (a plain link cannot send `New-Api-User`, so the
 * server would refuse it) and hands it to the browser as a file under the server's name.
 */
export async function saveDownload(path: string, fallbackName = 'download'): Promise<void> {
  const { blob, fileName } = await apiDownload(path);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName === 'download' ? fallbackName : fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
