/** Grey blocks in the shape of content that is still loading. */
export function Skeleton({ lines = 3, name }: { lines?: number; name?: string }) {
  return (
    <div className="skeleton" data-skeleton={name} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}
