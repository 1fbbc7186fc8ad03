"use client";

import { useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

/** Crop a chosen picture to a square: drag to move, the slider (or the wheel) to zoom. */
export function AvatarCropper({
  src,
  busy,
  onCancel,
  onDone,
  title = "Crop your picture",
  description = "Drag the picture to place it in the circle; zoom with the slider.",
}: {
  src: string | null;
  busy: boolean;
  onCancel(): void;
  onDone(area: Area): void;
  title?: string;
  description?: string;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Modal open={src !== null} onClose={onCancel} title={title} description={description}>
      <div className="relative h-72 w-full overflow-hidden rounded-md bg-black" data-testid="avatar-cropper">
        {src ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            disableAutomaticStylesInjection
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        ) : null}
      </div>
      <label className="mt-4 flex items-center gap-3 text-sm text-muted">
        Zoom
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          className="flex-1 accent-range"
        />
      </label>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button busy={busy} disabled={!area} onClick={() => area && onDone(area)}>
          Apply
        </Button>
      </div>
    </Modal>
  );
}
