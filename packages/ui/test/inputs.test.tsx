import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ChipGroup, LimitedTextArea, RatingPicker, SelectField, Slider, Toggle } from '../src/index.ts';

const noop = () => undefined;

describe('input components', () => {
  it('Toggle is a switch with its state in words too', () => {
    const html = renderToStaticMarkup(<Toggle label="あいさつ通話設定" hideLabel checked onChange={noop} />);
    expect(html).toContain('role="switch"');
    expect(html).toContain('aria-checked="true"');
    expect(html).toContain('aria-label="あいさつ通話設定"');
    expect(html).toContain('オン');
  });

  it('LimitedTextArea shows the counter, and the pink box with the message when over', () => {
    const ok = renderToStaticMarkup(
      <LimitedTextArea label="禁止事項" value="あいう" onChange={noop} max={100} overMessage="多すぎます" />,
    );
    expect(ok).toContain('3 / 100');
    expect(ok).not.toContain('hn-textarea--over');
    const over = renderToStaticMarkup(
      <LimitedTextArea label="禁止事項" value={'x'.repeat(101)} onChange={noop} max={100} overMessage="多すぎます" />,
    );
    expect(over).toContain('hn-textarea--over');
    expect(over).toContain('aria-invalid="true"');
    expect(over).toContain('多すぎます');
  });

  it('SelectField shows the chosen label, or the placeholder, and its error', () => {
    const options = [
      { value: 1, label: '男性' },
      { value: 2, label: '女性' },
    ];
    expect(renderToStaticMarkup(<SelectField label="性別" value={2} options={options} onChange={noop} />)).toContain(
      '女性',
    );
    const empty = renderToStaticMarkup(
      <SelectField label="性別" value={null} options={options} onChange={noop} error="性別を選択してください。" />,
    );
    expect(empty).toContain('選択してください');
    expect(empty).toContain('aria-haspopup="dialog"');
    expect(empty).toContain('性別を選択してください。');
  });

  it('ChipGroup uses native radios or checkboxes; RatingPicker offers 1 to 5', () => {
    const multi = renderToStaticMarkup(
      <ChipGroup<string>
        multiple
        legend="タグ"
        options={[
          { value: 'a', label: 'グルメ' },
          { value: 'b', label: '旅行' },
        ]}
        value={['b']}
        onChange={noop}
      />,
    );
    expect(multi.match(/type="checkbox"/g)).toHaveLength(2);
    expect(multi.match(/checked=""/g)).toHaveLength(1);
    const rating = renderToStaticMarkup(<RatingPicker label="社交性" value={4} onChange={noop} />);
    expect(rating.match(/type="radio"/g)).toHaveLength(5);
    expect(rating).toContain('<legend');
  });

  it('Slider is a labelled range with its value shown', () => {
    const html = renderToStaticMarkup(<Slider label="声の高さ" value={30} onChange={noop} />);
    expect(html).toContain('type="range"');
    expect(html).toContain('value="30"');
    expect(html).toContain('声の高さ');
  });
});
