import { describe, expect, it } from 'vitest';
import { metadataResponse, metadataUpdate } from './metadata-update';
import { decodeEncoderText, iceMetadata, parseRequestHead, type RequestHead } from './source-request';

const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
const head = (target: string, headers: Record<string, string> = {}, method = 'GET'): RequestHead => ({
  method,
  target,
  headers,
});

describe('decodeEncoderText', () => {
  const bytes = (s: string, as: BufferEncoding) => Buffer.from(s, as).toString('latin1');
  it('reads UTF-8 when the bytes are valid UTF-8, else Latin-1, or as the charset says', () => {
    expect(decodeEncoderText(bytes('Café ☕ Live', 'utf8'))).toBe('Café ☕ Live');
    expect(decodeEncoderText(bytes('Café crème', 'latin1'))).toBe('Café crème');
    expect(decodeEncoderText(bytes('CafÃ©', 'latin1'), 'ISO-8859-1')).toBe('CafÃ©');
    expect(decodeEncoderText('plain ascii')).toBe('plain ascii');
  });

  it('header values go through it; a title is cut without halving an emoji', () => {
    const parsed = parseRequestHead(`PUT /live HTTP/1.1\r\nIce-Name: ${bytes('Café ☕ Live', 'utf8')}`);
    expect(parsed).toHaveProperty('headers.ice-name', 'Café ☕ Live');
    const long = `${'a'.repeat(119)}🎵`;
    expect(iceMetadata({ 'icy-name': long }, 'x').title).toBe('a'.repeat(119));
  });
});

describe('metadataUpdate', () => {
  it("reads Icecast's /admin/metadata with Basic auth and SHOUTcast's /admin.cgi with pass=", () => {
    expect(
      metadataUpdate(
        head('/admin/metadata?mount=/live&mode=updinfo&song=Zo%C3%AB+%E2%80%93+Song', {
          authorization: basic('source:wsk_abc'),
        }),
      ),
    ).toEqual({ protocol: 'icecast', key: 'wsk_abc', song: 'Zoë – Song' });
    expect(metadataUpdate(head('/admin.cgi?pass=source%3Awsk_abc&mode=updinfo&song=Caf%E9'))).toEqual({
      protocol: 'shoutcast',
      key: 'wsk_abc',
      song: 'Café',
    });
    expect(metadataUpdate(head('/admin/metadata?mount=%2Flive&mode=updinfo&song=&charset=UTF-8'))).toEqual({
      protocol: 'icecast',
      key: null,
      song: '',
    });
  });

  it('is no metadata request for other paths; refuses other modes, mounts, methods and a missing song', () => {
    expect(metadataUpdate(head('/live', {}, 'PUT'))).toBeNull();
    expect(metadataUpdate(head('/admin/metadata?mount=/live&mode=updinfo&song=x', {}, 'POST'))).toMatchObject({
      status: 405,
    });
    expect(metadataUpdate(head('/admin/metadata?mount=/live&mode=killclient&song=x'))).toMatchObject({ status: 400 });
    expect(metadataUpdate(head('/admin/metadata?mount=/other&mode=updinfo&song=x'))).toMatchObject({
      status: 400,
      message: 'Source does not exist',
    });
    expect(metadataUpdate(head('/admin/metadata?mount=/live&mode=updinfo'))).toMatchObject({ status: 400 });
  });

  it("answers in Icecast's XML, with the Basic challenge on 401", () => {
    const ok = metadataResponse('icecast', 200, 'Metadata update successful');
    expect(ok).toMatch(/^HTTP\/1\.0 200 OK\r\n/);
    expect(ok).toContain('<iceresponse><message>Metadata update successful</message><return>1</return></iceresponse>');
    const no = metadataResponse('icecast', 401, 'Invalid or revoked stream key');
    expect(no).toContain('WWW-Authenticate: Basic realm="Icecast2 Server"');
    expect(no).toContain('<return>0</return>');
  });
});
