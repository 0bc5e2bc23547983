import type { PublicSite } from '../lib/site';

/** The brand's mark: its initials in a roundel, then its name. */
export function Logo({ site }: { site: PublicSite }) {
  const letters = site.brand.name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('')
    .slice(0, 3);
  return (
    <span className="logo">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="var(--brand)" stroke="var(--accent)" strokeWidth="2" />
        <text
          x="20"
          y="25"
          textAnchor="middle"
          fontFamily="Georgia, serif"
          fontSize={letters.length > 2 ? 11 : 14}
          fill="#fff"
        >
          {letters}
        </text>
      </svg>
      <span className="logo__name">{site.brand.name}</span>
    </span>
  );
}
