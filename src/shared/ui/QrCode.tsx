import { useEffect, useState } from 'react';
import { ErrorText } from './ErrorText';
import { Spinner } from './Spinner';

/** Light modules around the code, as the QR standard asks, so scanners find its edges. */
const QUIET_ZONE = 4;

interface Matrix {
  size: number;
  path: string;
}

/**
 * The dark modules of `text`'s QR code as one SVG path. The generator (the `qrcode` package, about 9 KiB
 * gzipped) is loaded on first use only: the kiosk's Swish panel and receipt are its only users.
 */
async function encode(text: string): Promise<Matrix> {
  const { create } = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

/**
 * A QR code drawn in the page (black on white, whatever the shop's colours, so every phone can read it),
 * named by `label` for screen readers. Drawn as SVG from the generator's modules: no HTML is injected.
 */
export function QrCode({
  text,
  label,
  unavailable,
  size = 240,
}: {
  text: string;
  label: string;
  /** Said instead when the generator cannot be loaded (offline). */
  unavailable: string;
  size?: number;
}) {
  const [matrix, setMatrix] = useState<{ text: string; matrix: Matrix } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    encode(text).then(
      (result) => current && setMatrix({ text, matrix: result }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (failed) return <ErrorText>{unavailable}</ErrorText>;
  if (matrix?.text !== text) return <Spinner label={label} />;
  const { size: modules, path } = matrix.matrix;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      css={{ display: 'block', background: '#fff' }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
