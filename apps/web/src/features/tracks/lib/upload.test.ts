import { describe, expect, it } from 'vitest';
import { uploadProgress } from './upload';

describe('uploadProgress (70 / 20 / 10 weighting)', () => {
  it('runs the audio part from 0 to 70', () => {
    expect(uploadProgress(0, 1000, 200)).toBe(0);
    expect(uploadProgress(400, 1000, 200)).toBe(35);
    expect(uploadProgress(800, 1000, 200)).toBe(70);
  });
  it('runs the cover part from 70 to 90', () => {
    expect(uploadProgress(900, 1000, 200)).toBe(80);
    expect(uploadProgress(999, 1000, 200)).toBe(89);
  });
  it('holds at 90 once everything is sent (the record is being saved)', () => {
    expect(uploadProgress(1000, 1000, 200)).toBe(90);
    expect(uploadProgress(1000, 1000, 0)).toBe(90);
  });
  it('without a cover, the audio still ends at 70', () => {
    expect(uploadProgress(999, 1000, 0)).toBe(69);
    expect(uploadProgress(500, 1000, 0)).toBe(35);
  });
  it('never goes backwards or out of range on odd input', () => {
    expect(uploadProgress(5, 0, 0)).toBe(0);
    expect(uploadProgress(2000, 1000, 200)).toBe(90);
  });
});
