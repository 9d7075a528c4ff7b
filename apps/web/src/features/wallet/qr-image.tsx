import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** A QR code of `text` as an image. */
export function QrImage({ text, label, className }: { text: string; label: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: 360, margin: 1 })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} alt={label} className={className} data-qr-text={text} /> : null;
}
