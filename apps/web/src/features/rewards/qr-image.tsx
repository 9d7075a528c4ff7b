// The invitation QR code (the qrcode package the app already ships; loaded with this chunk).
import QRCode from "qrcode";
import { type CSSProperties, useEffect, useState } from "react";

export function QrImage({ text, label, style }: { text: string; label: string; style?: CSSProperties }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: 320, margin: 1 })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} alt={label} style={style} data-qr-text={text} /> : null;
}
