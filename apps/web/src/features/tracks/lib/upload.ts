import {
  type ApiErrorBody,
  type ErrorCode,
  type TTrack,
  type TTrackUploadFields,
  UPLOAD_PROGRESS,
} from '@wavecast/shared';
import { ApiError } from '../../../lib/api';

/**
 * Maps bytes sent to the spec's weighted progress: the audio part 0–70, the cover 70–90, 90 once
 * everything is sent and the record is being saved (100 comes with the answer).
 * The body is fields, then audio, then cover, so the cover is the last `coverBytes` of it.
 */
export function uploadProgress(loaded: number, total: number, coverBytes: number): number {
  if (total <= 0) return 0;
  if (loaded >= total) return UPLOAD_PROGRESS.saving;
  const audioEnd = Math.max(1, total - coverBytes);
  if (loaded <= audioEnd || coverBytes <= 0) {
    return Math.min(UPLOAD_PROGRESS.audioEnd, Math.floor((loaded / audioEnd) * UPLOAD_PROGRESS.audioEnd));
  }
  const coverShare = (loaded - audioEnd) / coverBytes;
  const span = UPLOAD_PROGRESS.coverEnd - UPLOAD_PROGRESS.audioEnd;
  return Math.min(UPLOAD_PROGRESS.coverEnd, UPLOAD_PROGRESS.audioEnd + Math.floor(coverShare * span));
}

export interface UploadInput {
  fields: TTrackUploadFields;
  audio: File;
  cover: File | null;
}

export interface RunningUpload {
  done: Promise<TTrack>;
  abort: () => void;
}

/** The multipart body: fields first, then the audio, then the cover (the server reads in order). */
export function uploadForm({ fields, audio, cover }: UploadInput): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  if (fields.description) form.append('description', fields.description);
  if (fields.category) form.append('category', fields.category);
  form.append('tags', JSON.stringify(fields.tags ?? []));
  form.append('isPublic', String(fields.isPublic ?? true));
  form.append('allowDownloads', String(fields.allowDownloads ?? true));
  form.append('chapterMarkers', JSON.stringify(fields.chapterMarkers ?? []));
  if (fields.premiereAt) form.append('premiereAt', fields.premiereAt);
  form.append('audio', audio);
  if (cover) form.append('cover', cover);
  return form;
}

/** POST /api/tracks over XMLHttpRequest: fetch cannot report upload progress. */
export function startUpload(input: UploadInput, onProgress: (percent: number) => void): RunningUpload {
  const xhr = new XMLHttpRequest();
  const coverBytes = input.cover?.size ?? 0;
  const done = new Promise<TTrack>((resolve, reject) => {
    xhr.open('POST', '/api/tracks');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(uploadProgress(e.loaded, e.total, coverBytes));
    };
    xhr.upload.onload = () => onProgress(UPLOAD_PROGRESS.saving);
    xhr.onload = () => {
      const body = xhr.response as { track?: TTrack } | ApiErrorBody | null;
      if (xhr.status === 201 && body && 'track' in body && body.track) return resolve(body.track);
      const err = body && 'error' in body ? body.error : undefined;
      reject(
        new ApiError(
          xhr.status,
          (err?.code as ErrorCode) ?? 'INTERNAL',
          err?.message ?? `Upload failed (${xhr.status})`,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(uploadForm(input));
  });
  return { done, abort: () => xhr.abort() };
}
