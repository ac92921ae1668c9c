/** A player's picture, or the first letter of the name on a disc when none is chosen. Beside
 * the name it stands for, so it is decorative (no text of its own). */
export function Avatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} />;
  const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }} aria-hidden="true">
      {initial}
    </span>
  );
}
