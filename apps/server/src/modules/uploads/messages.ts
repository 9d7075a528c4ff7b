// Messages of file uploads.
import type { Translations } from "@candor/contract";

export const uploadsMessages = {
  uploadTypeNotAllowed: {
    "en-us": "Only JPEG, PNG, GIF or WebP images and MP4, MOV or WebM videos can be uploaded",
    ko: "JPEG, PNG, GIF, WebP 이미지와 MP4, MOV, WebM 동영상만 업로드할 수 있습니다",
    jp: "アップロードできるのは JPEG・PNG・GIF・WebP 画像と MP4・MOV・WebM 動画のみです",
    tai: "อัปโหลดได้เฉพาะรูปภาพ JPEG, PNG, GIF หรือ WebP และวิดีโอ MP4, MOV หรือ WebM",
    mlxy: "Hanya imej JPEG, PNG, GIF atau WebP dan video MP4, MOV atau WebM boleh dimuat naik",
    vl: "Chỉ có thể tải lên ảnh JPEG, PNG, GIF hoặc WebP và video MP4, MOV hoặc WebM",
    xi: "Solo se pueden subir imágenes JPEG, PNG, GIF o WebP y vídeos MP4, MOV o WebM",
    "zh-cn": "僅可上傳 JPEG、PNG、GIF 或 WebP 圖片，以及 MP4、MOV 或 WebM 影片",
  },
  imageTooLarge: {
    "en-us": "The image is too large: at most {mb} MB",
    ko: "이미지가 너무 큽니다. 최대 {mb}MB까지 가능합니다",
    jp: "画像が大きすぎます。最大 {mb} MB です",
    tai: "รูปภาพใหญ่เกินไป ขนาดสูงสุด {mb} MB",
    mlxy: "Imej terlalu besar: paling besar {mb} MB",
    vl: "Ảnh quá lớn: tối đa {mb} MB",
    xi: "La imagen es demasiado grande: como máximo {mb} MB",
    "zh-cn": "圖片過大：最大為 {mb} MB",
  },
  videoTooLarge: {
    "en-us": "The video is too large: at most {mb} MB",
    ko: "동영상이 너무 큽니다. 최대 {mb}MB까지 가능합니다",
    jp: "動画が大きすぎます。最大 {mb} MB です",
    tai: "วิดีโอใหญ่เกินไป ขนาดสูงสุด {mb} MB",
    mlxy: "Video terlalu besar: paling besar {mb} MB",
    vl: "Video quá lớn: tối đa {mb} MB",
    xi: "El vídeo es demasiado grande: como máximo {mb} MB",
    "zh-cn": "影片過大：最大為 {mb} MB",
  },
} satisfies Record<string, Translations>;
