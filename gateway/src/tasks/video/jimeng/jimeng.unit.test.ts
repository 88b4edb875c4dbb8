import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { jimeng, resolvedReqKey } from './index.js';

describe('resolvedReqKey', () => {
  it("picks Jimeng 3.0's variant by the frames given, as new-api does, and keeps other models' keys", () => {
    expect(resolvedReqKey('jimeng_v30', 0)).toBe('jimeng_t2v_v30');
    expect(resolvedReqKey('jimeng_v30', 1)).toBe('jimeng_i2v_first_v30');
    expect(resolvedReqKey('jimeng_v30_1080p', 2)).toBe('jimeng_i2v_first_tail_v30_1080');
    expect(resolvedReqKey('jimeng_v30_pro', 2)).toBe('jimeng_ti2v_v30_pro');
    expect(resolvedReqKey('jimeng_vgfm_t2v_l20', 1)).toBe('jimeng_vgfm_t2v_l20');
  });
});

describe('jimeng requests', () => {
  const channel = (key: string) => ({ key, baseUrl: 'https://visual.example.com/base', modelMapping: '' }) as Channel;

  it('signs a call with the access and secret key: the scope is the day, cn-north-1 and cv, the host and body hash signed', async () => {
    const request = await jimeng.submit(channel('AK|SK'), { model: 'm', prompt: 'a fox', duration: 10 }, 'jimeng_vgfm_t2v_l20');
    expect(request.path).toBe('/base/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31');
    expect(JSON.parse(String(request.body))).toMatchObject({ req_key: 'jimeng_vgfm_t2v_l20', frames: 241 });
    const day = String(request.headers['x-date']).slice(0, 8);
    expect(request.headers.authorization).toMatch(new RegExp(`^HMAC-SHA256 Credential=AK/${day}/cn-north-1/cv/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$`));
  });

  it("sends a relay's sk- key as a bearer key under /jimeng, unsigned", async () => {
    const request = await jimeng.submit(channel('sk-relay'), { model: 'm', prompt: 'a fox' }, 'jimeng_vgfm_t2v_l20');
    expect(request.path).toBe('/base/jimeng/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31');
    expect(request.headers.authorization).toBe('Bearer sk-relay');
  });

  it('reads a failure code on a poll as a failed task with its message, and an unknown status as nothing', () => {
    expect(jimeng.state({ code: 50413, message: 'Post Text Risk Not Pass', data: null })).toMatchObject({ status: 'FAILURE', failReason: 'Post Text Risk Not Pass' });
    expect(jimeng.state({ code: 10000, data: { status: 'done', video_url: 'https://v/1.mp4' } })).toMatchObject({ status: 'SUCCESS', url: 'https://v/1.mp4' });
    expect(jimeng.state({ code: 10000, data: { status: 'constructor' } })).toBeNull();
  });
});
