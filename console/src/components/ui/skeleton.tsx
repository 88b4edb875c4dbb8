/** A grey placeholder where content is still loading; screen readers hear the surrounding status instead. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden="true" data-testid="skeleton" className={`block animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/** Table rows of placeholders while a list loads. */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="px-3 py-2.5">
              <Skeleton />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
