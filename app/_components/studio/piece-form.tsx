'use client';

import { useId, useState } from 'react';
import type { ImportedToken } from '../../../server/studio/import-token';
import type { Piece } from '../../../server/studio/schema';
import { problem, studioFetch } from './studio-api';

type Tab = 'import' | 'manual';

interface Fields {
  title: string;
  artistName: string;
  description: string;
  imageUri: string;
  editionSize: string;
  price: string;
  multiplier: string;
}

const EMPTY: Fields = { title: '', artistName: '', description: '', imageUri: '', editionSize: '1', price: '100', multiplier: '1' };

/** A number field's value as a number, or NaN for the server to name (an empty field is not zero). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * "Feature a piece": import an FA2 token (contract + token id, read through the indexer) or enter the work by hand,
 * then its edition size, list price and multiplier. The server validates; its message names any bad field.
 */
export function PieceForm({ onFeatured }: { onFeatured: (piece: Piece) => void }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('import');
  const [contract, setContract] = useState('');
  const [tokenId, setTokenId] = useState('');
  const [imported, setImported] = useState<ImportedToken | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState<'read' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function readToken() {
    setBusy('read');
    setError(null);
    setNotice(null);
    try {
      const token = await studioFetch<ImportedToken>('/api/studio/import', { body: { contract: contract.trim(), tokenId: tokenId.trim() } });
      setImported(token);
      setFields((f) => ({
        ...f,
        title: (token.title ?? f.title).slice(0, 120),
        description: (token.description ?? f.description).slice(0, 500),
        imageUri: token.imageUri ?? f.imageUri,
      }));
      setNotice(`Read token ${token.tokenId}${token.title ? ` “${token.title}”` : ''}. Check the fields, then set the edition and terms.`);
    } catch (err) {
      setImported(null);
      setError(problem(err));
    } finally {
      setBusy(null);
    }
  }

  async function feature(e: React.FormEvent) {
    e.preventDefault();
    setBusy('save');
    setError(null);
    setNotice(null);
    const fromToken = tab === 'import' && imported !== null;
    try {
      const piece = await studioFetch<Piece>('/api/studio/pieces', {
        body: {
          title: fields.title,
          ...(fields.artistName.trim() ? { artistName: fields.artistName.trim() } : {}),
          ...(fields.description.trim() ? { description: fields.description.trim() } : {}),
          ...(fields.imageUri.trim() ? { imageUri: fields.imageUri.trim() } : {}),
          ...(fromToken && imported.imageMimeType && imported.imageUri === fields.imageUri.trim() ? { imageMimeType: imported.imageMimeType } : {}),
          ...(fromToken ? { source: { contract: imported.contract, tokenId: imported.tokenId } } : {}),
          editionSize: numberOf(fields.editionSize),
          price: numberOf(fields.price),
          multiplier: numberOf(fields.multiplier),
        },
      });
      onFeatured(piece);
      setFields(EMPTY);
      setImported(null);
      setContract('');
      setTokenId('');
      setNotice(`“${piece.title}” is featured.`);
    } catch (err) {
      setError(problem(err));
    } finally {
      setBusy(null);
    }
  }

  const tabButton = (value: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={tab === value}
      aria-controls={`${id}-panel`}
      onClick={() => {
        setTab(value);
        setError(null);
      }}
    >
      {label}
    </button>
  );

  return (
    <form className="panel studio-form" onSubmit={feature} aria-labelledby={`${id}-heading`} data-testid="piece-form">
      <h2 id={`${id}-heading`} className="panel-title">
        Feature a piece
      </h2>
      <div className="studio-tabs" role="tablist" aria-label="Where the piece comes from">
        {tabButton('import', 'Import an FA2 token')}
        {tabButton('manual', 'Enter it yourself')}
      </div>
      <div className="studio-tabpanel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'import' && (
          <div className="studio-inline">
            <div className="field">
              <label htmlFor={`${id}-contract`}>Contract</label>
              <input id={`${id}-contract`} type="text" value={contract} onChange={(e) => setContract(e.target.value)} placeholder="KT1…" spellCheck={false} autoComplete="off" />
            </div>
            <div className="field" style={{ flex: '0 1 110px' }}>
              <label htmlFor={`${id}-token`}>Token id</label>
              <input id={`${id}-token`} type="text" inputMode="numeric" value={tokenId} onChange={(e) => setTokenId(e.target.value)} placeholder="0" autoComplete="off" />
            </div>
            <button type="button" className="button" onClick={readToken} disabled={busy !== null || contract.trim() === '' || tokenId.trim() === ''}>
              {busy === 'read' ? 'Reading…' : 'Read token'}
            </button>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} type="text" value={fields.title} onChange={set('title')} maxLength={120} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-artist`}>Artist name</label>
          <input id={`${id}-artist`} type="text" value={fields.artistName} onChange={set('artistName')} maxLength={80} placeholder="as printed on the tile" />
          <p className="hint">Optional: without one, the tile shows your short address.</p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} value={fields.description} onChange={set('description')} maxLength={500} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-image`}>Image URI</label>
          <input id={`${id}-image`} type="text" value={fields.imageUri} onChange={set('imageUri')} placeholder="https://…, ipfs://… or data:image/…" spellCheck={false} />
          <p className="hint">Optional: without one, the tile gets generated art.</p>
        </div>
      </div>
      <div className="studio-row">
        <div className="field">
          <label htmlFor={`${id}-edition`}>Edition size</label>
          <input id={`${id}-edition`} type="number" min={1} max={1000} step={1} value={fields.editionSize} onChange={set('editionSize')} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-price`}>List price (Tz)</label>
          <input id={`${id}-price`} type="number" min={10} max={100000} step={1} value={fields.price} onChange={set('price')} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-multiplier`}>Multiplier</label>
          <input id={`${id}-multiplier`} type="number" min={0.01} max={100} step={0.01} value={fields.multiplier} onChange={set('multiplier')} required />
        </div>
      </div>
      <p className="hint">Edition size 1 makes a 1/1; y makes an edition “x/y”. Price: 10–100,000 Tz. Multiplier: up to ×100, two decimals.</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="studio-ok" role="status">
          {notice}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy !== null}>
          {busy === 'save' ? 'Featuring…' : 'Feature this piece'}
        </button>
      </div>
    </form>
  );
}
