import { useEffect, useState } from 'react';

/** A picked audio file's length in seconds, read from its metadata by the browser; null until known. */
export function useAudioFileDuration(file: File | null): number | null {
  const [duration, setDuration] = useState<number | null>(null);
  useEffect(() => {
    setDuration(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    };
    audio.src = url;
    return () => {
      audio.onloadedmetadata = null;
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return duration;
}
