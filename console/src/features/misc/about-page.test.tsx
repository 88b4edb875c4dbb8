import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { HomePage } from '../home/page';
import { AboutPage } from './about-page';

describe('operator content', () => {
  it('renders About as Markdown, and never as HTML', async () => {
    stubApi({ '/api/about': '# 关于我们\n\n<img src=x onerror="window.hacked=1">**粗体**', '/api/status': {} });
    renderPage(<AboutPage />, '/about');
    expect((await screen.findByRole('heading', { name: '关于我们' })).tagName).toBe('H1');
    expect(screen.getByText('粗体').tagName).toBe('STRONG');
    expect(document.querySelector('[data-testid="operator-content"] img')).toBeNull();
  });

  it('frames an About that is a URL, and says so when there is none', async () => {
    stubApi({ '/api/about': 'https://example.com/about', '/api/status': {} });
    const { unmount } = renderPage(<AboutPage />, '/about');
    expect((await screen.findByTitle('关于')).getAttribute('src')).toBe('https://example.com/about');
    unmount();
    stubApi({ '/api/about': '', '/api/status': {} });
    renderPage(<AboutPage />, '/about');
    expect(await screen.findByText('管理员暂时未设置任何关于内容')).toBeTruthy();
  });

  it('shows HomePageContent instead of the default home when the operator set one', async () => {
    stubApi({ '/api/home_page_content': '## 欢迎来到本站', '/api/notice': '', '/api/status': {} });
    renderPage(<HomePage />, '/');
    expect(await screen.findByRole('heading', { name: '欢迎来到本站' })).toBeTruthy();
  });
});
