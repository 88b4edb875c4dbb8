import { useState } from 'react';
import { input } from '../../../components/ui/tokens';
import { clampNumber } from '../channel-form';

/** Priority or weight edited in the row: saved on leaving the field when changed; an empty value is ignored. */
export function ChannelNumber({ label, value, min, onSave }: { label: string; value: number; min: number; onSave(value: number): void }) {
  const [text, setText] = useState(String(value));
  const save = () => {
    if (text.trim() === '') return setText(String(value));
    const next = clampNumber(text, min);
    setText(String(next));
    if (next !== value) onSave(next);
  };
  return (
    <div className="w-20">
      <input type="number" aria-label={label} min={min} className={input.base} value={text} onChange={(e) => setText(e.target.value)} onBlur={save} />
    </div>
  );
}
