/**
 * A finished video in the task list: a small player that loads only its first frame until played,
 * and a link to open it whole. Tasks without a video (Suno's, unfinished ones) show a dash.
 */
export function VideoPreview({ url }: { url?: string }) {
  if (!url) return <span>-</span>;
  return (
    <span className="flex items-center gap-2">
      <video data-testid="task-preview" src={url} controls preload="metadata" className="h-16 w-28 rounded bg-black" />
      <a href={url} target="_blank" rel="noreferrer" className="text-indigo-600 underline dark:text-indigo-400">↗</a>
    </span>
  );
}
