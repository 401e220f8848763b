import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

import { clampCrop, cropRect, initialCrop, maxZoom, panCrop, viewTransform, type CropRect } from '../crop.ts';
import { uiStrings } from '../strings.ts';

import { Button } from './Button.tsx';
import { useDialogFocus } from './useDialogFocus.ts';

export interface ImageCropDialogProps {
  src: string;
  /** Natural size of the image (source pixels). */
  width: number;
  height: number;
  /** The crop never gets smaller than this many source pixels (the server's 110 px rule). */
  minSide: number;
  title: string;
  /** Explains dragging and zooming (also for screen readers). */
  instructions: string;
  zoomLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (crop: CropRect) => void;
}

const VIEW = 280;

/**
 * The square crop modal of the avatar change page: drag (or arrow keys) to move, the slider (or
 * +/-) to zoom. Reports the square in source pixels; the server does the cropping.
 */
export function ImageCropDialog(props: ImageCropDialogProps) {
  const { src, width, height, minSide, title, instructions, zoomLabel, confirmLabel, onCancel, onConfirm } = props;
  const titleId = useId();
  const helpId = useId();
  const ref = useDialogFocus<HTMLDivElement>(onCancel);
  const cap = maxZoom(width, height, minSide);
  const [state, setState] = useState(() => initialCrop(width, height));
  const drag = useRef<{ x: number; y: number } | null>(null);
  const rect = cropRect(state, width, height, minSide);
  const t = viewTransform(rect, VIEW);
  const update = (next: typeof state) => setState(clampCrop(next, width, height, cap));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    const dy = e.clientY - drag.current.y;
    drag.current = { x: e.clientX, y: e.clientY };
    update(panCrop(state, dx, dy, VIEW, width, height));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      update(panCrop(state, m[0], m[1], VIEW, width, height));
    } else if (e.key === '+' || e.key === '=') update({ ...state, zoom: state.zoom + 0.1 });
    else if (e.key === '-') update({ ...state, zoom: state.zoom - 0.1 });
  };

  return (
    <div className="hn-backdrop">
      <div
        ref={ref}
        className="hn-popup hn-crop"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 className="hn-popup__title" id={titleId}>
          {title}
        </h2>
        <div
          className="hn-crop__view"
          style={{ width: VIEW, height: VIEW }}
          tabIndex={0}
          role="group"
          aria-roledescription="切り抜き範囲"
          aria-label={title}
          aria-describedby={helpId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
        >
          <img
            src={src}
            alt=""
            draggable={false}
            style={{ width: width * t.scale, height: height * t.scale, left: t.left, top: t.top }}
          />
        </div>
        <p className="hn-text-small hn-text-muted" id={helpId} style={{ margin: 0 }}>
          {instructions}
        </p>
        <label className="hn-field">
          <span className="hn-field__label">{zoomLabel}</span>
          <input
            type="range"
            className="hn-slider__input"
            min={1}
            max={cap}
            step={0.01}
            value={state.zoom}
            disabled={cap <= 1}
            onChange={(e) => update({ ...state, zoom: Number(e.target.value) })}
          />
        </label>
        <div className="hn-popup__actions">
          <Button block onClick={() => onConfirm(rect)}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" block onClick={onCancel}>
            {uiStrings.cancel}
          </Button>
        </div>
      </div>
    </div>
  );
}
