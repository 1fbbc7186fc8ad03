import type { Area } from "react-easy-crop";

/** The side of the square picture that is uploaded (the CDN serves it as is). */
export const AVATAR_SIDE = 256;

/** The picture types accepted, as the server checks them. */
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The largest file the cropper opens (the uploaded, cropped picture is far smaller). */
export const AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be a picture, or null. */
export function pictureProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return "Choose a PNG, JPEG, GIF or WebP picture.";
  if (file.size > AVATAR_SOURCE_MAX_BYTES) return "Choose a picture of 10 MB or less.";
  return null;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("That file could not be read as a picture."));
    image.src = src;
  });
}

/** The chosen square of the picture, scaled to AVATAR_SIDE, as PNG image data. */
export async function croppedPicture(src: string, area: Area): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement("canvas");
  canvas.width = AVATAR_SIDE;
  canvas.height = AVATAR_SIDE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures.");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
  return canvas.toDataURL("image/png");
}
