/** One chosen file in the panel: its preview, type selector, optional description, progress and outcome. */
import { MAX_PHOTO_DESCRIPTION, PHOTO_UPLOAD_TYPES, photoUploadTypeLabels, type PhotoUploadType } from '@shared/photos';
import { formatBytes } from '../prepare-photo';

export interface ChosenPhoto {
  key: string;
  file: File;
  previewUrl: string;
  uploadType: PhotoUploadType;
  description: string;
  /** 0..1 while uploading. */
  progress: number | null;
  status: 'ready' | 'uploading' | 'failed';
  error: string | null;
}

interface Props {
  photo: ChosenPhoto;
  busy: boolean;
  onChange(change: Partial<Pick<ChosenPhoto, 'uploadType' | 'description'>>): void;
  onRemove(): void;
}

export function PhotoChoiceItem({ photo, busy, onChange, onRemove }: Props) {
  const id = `photo-${photo.key}`;
  const name = photo.file.name;
  const locked = busy || photo.status === 'uploading';
  return (
    <li className="photo-choice">
      <img className="photo-choice-preview" src={photo.previewUrl} alt={`Preview of ${name}`} />
      <div className="photo-choice-body">
        <p className="photo-choice-name">
          <strong>{name}</strong> <span className="muted small">{formatBytes(photo.file.size)}</span>
        </p>
        <div className="field">
          <label htmlFor={`${id}-type`}>
            Photo type<span className="sr-only"> for {name}</span>
          </label>
          <select id={`${id}-type`} value={photo.uploadType} disabled={locked} onChange={(e) => onChange({ uploadType: e.target.value as PhotoUploadType })}>
            {PHOTO_UPLOAD_TYPES.map((t) => (
              <option key={t} value={t}>
                {photoUploadTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>
            Description<span className="sr-only"> for {name}</span> (optional)
          </label>
          <textarea
            id={`${id}-description`}
            rows={2}
            maxLength={MAX_PHOTO_DESCRIPTION}
            value={photo.description}
            disabled={locked}
            placeholder="Scratch on the rear bumper"
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </div>
        {photo.progress !== null && (
          <progress className="photo-progress" max={1} value={photo.progress} aria-label={`Upload progress for ${name}`}>
            {Math.round(photo.progress * 100)}%
          </progress>
        )}
        {photo.error && (
          <p className="field-error" role="alert">
            {name}: {photo.error}
          </p>
        )}
      </div>
      <button type="button" className="btn btn-outline btn-sm photo-choice-remove" disabled={locked} onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </li>
  );
}
