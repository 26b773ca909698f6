'use client';

import { useEffect, useId, useState } from 'react';
import type { ImportedToken } from '../../server/studio/import-token';
import { TEXT_LIMITS, type Piece } from '../../chain/studio/schema';
import { useWallet } from '../wallet';
import { CharCount } from './char-count';
import { describeImage, inspectImage, type ImageReport } from './image-check';
import { problem, studioFetch, uploadImage } from './studio-api';
import type { UploadedImage } from '../../server/studio/uploads';
import styles from './studio.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

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

const EMPTY: Fields = {
  title: '',
  artistName: '',
  description: '',
  imageUri: '',
  editionSize: '1',
  price: '100',
  multiplier: '1',
};

type TextField = 'title' | 'artistName' | 'description' | 'imageUri';
const TEXT_FIELDS: Readonly<Record<TextField, string>> = {
  title: 'title',
  artistName: 'artist name',
  description: 'description',
  imageUri: 'image URI',
};

/** The image check's state: nothing to check, under way, or its report. */
type ImageState =
  | { readonly state: 'none' }
  | { readonly state: 'checking' }
  | { readonly state: 'done'; readonly report: ImageReport };

/** A number field's value as a number, or NaN for the server to name (an empty field is not zero). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * "Feature a piece": import an FA2 token (contract + token id, read through the indexer; its creators may feature
 * it, the server checks) or enter the work by hand, then its edition size, list price and multiplier. Text is never
 * cut: each field counts against its limit. The image is checked in the browser and previewed before featuring.
 * The server validates; its message names any bad field.
 */
export function PieceForm({ onFeatured }: { onFeatured: (piece: Piece) => void }) {
  const id = useId();
  const { address } = useWallet();
  const [tab, setTab] = useState<Tab>('import');
  const [contract, setContract] = useState('');
  const [tokenId, setTokenId] = useState('');
  const [imported, setImported] = useState<ImportedToken | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  /** The last finished check, with the address it checked. */
  const [checked, setChecked] = useState<{ readonly uri: string; readonly report: ImageReport } | null>(null);
  const [busy, setBusy] = useState<'read' | 'save' | 'upload' | null>(null);
  /** The last upload: its renditions go with the piece while its file is the image URI. */
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  /** A required number of the piece, its input's id ending in `name`. */
  const numberField = (
    key: 'editionSize' | 'price' | 'multiplier',
    name: string,
    label: string,
    range: { min: number; max: number; step: number },
  ) => (
    <div className={ui.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} type="number" {...range} value={fields[key]} onChange={set(key)} required />
    </div>
  );
  const imageUri = fields.imageUri.trim();

  // Check the image a moment after the address stops changing; a newer address makes the older check moot.
  useEffect(() => {
    if (imageUri === '') return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void inspectImage(imageUri, abort.signal).then((report) => {
        if (!abort.signal.aborted) setChecked({ uri: imageUri, report });
      });
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [imageUri]);
  // Nothing to check, a check under way (none yet for this address), or its report.
  const image: ImageState =
    imageUri === ''
      ? { state: 'none' }
      : checked?.uri === imageUri
        ? { state: 'done', report: checked.report }
        : { state: 'checking' };

  async function readToken() {
    setBusy('read');
    setError(null);
    setNotice(null);
    try {
      const token = await studioFetch<ImportedToken>('/api/studio/import', {
        body: { contract: contract.trim(), tokenId: tokenId.trim() },
      });
      setImported(token);
      // Everything the token says is kept whole; a field too long for a tile says so under it.
      setFields((f) => ({
        ...f,
        title: token.title ?? f.title,
        artistName: token.artistName ?? f.artistName,
        description: token.description ?? f.description,
        imageUri: token.imageUri ?? f.imageUri,
        ...(token.editionSize !== undefined ? { editionSize: String(token.editionSize) } : {}),
        ...(token.price !== undefined ? { price: String(token.price) } : {}),
        ...(token.multiplier !== undefined ? { multiplier: String(token.multiplier) } : {}),
      }));
      const terms = [
        token.editionSize !== undefined && 'edition size',
        token.price !== undefined && 'list price',
        token.multiplier !== undefined && 'multiplier',
      ].filter(Boolean);
      setNotice(
        `Read token ${token.tokenId}${token.title ? ` “${token.title}”` : ''}${terms.length ? `, with its ${terms.join(', ')}` : ''}. Check the fields, then set the edition and terms.`,
      );
    } catch (err) {
      setImported(null);
      setError(problem(err));
    } finally {
      setBusy(null);
    }
  }

  const report = image.state === 'done' ? image.report : null;
  const imageBlocks = imageUri !== '' && (image.state !== 'done' || !image.report.ok);
  const tooLong = (Object.keys(TEXT_FIELDS) as TextField[])
    .filter((k) => fields[k].trim().length > TEXT_LIMITS[k])
    .map((k) => TEXT_FIELDS[k]);
  const fromToken = tab === 'import' && imported !== null;
  const notACreator =
    fromToken && address !== null && imported.creators.length > 0 && !imported.creators.includes(address);

  async function upload(file: File) {
    setBusy('upload');
    setError(null);
    setNotice(null);
    try {
      const image = await uploadImage(file);
      setUploaded(image);
      setFields((f) => ({ ...f, imageUri: image.artifact.uri }));
      setNotice(
        `Uploaded “${file.name}” (${image.artifact.width}×${image.artifact.height} px) to IPFS, with a display and a thumbnail copy.`,
      );
    } catch (err) {
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
    const mimeType =
      fromToken && imported.imageMimeType && imported.imageUri === imageUri
        ? imported.imageMimeType
        : report?.ok
          ? report.mimeType
          : null;
    try {
      const piece = await studioFetch<Piece>('/api/studio/pieces', {
        body: {
          title: fields.title,
          ...(fields.artistName.trim() ? { artistName: fields.artistName.trim() } : {}),
          ...(fields.description.trim() ? { description: fields.description.trim() } : {}),
          ...(imageUri ? { imageUri } : {}),
          ...(imageUri && mimeType ? { imageMimeType: mimeType } : {}),
          ...(uploaded && uploaded.artifact.uri === imageUri ? { renditions: uploaded } : {}),
          ...(fromToken ? { source: { contract: imported.contract, tokenId: imported.tokenId } } : {}),
          editionSize: numberOf(fields.editionSize),
          price: numberOf(fields.price),
          multiplier: numberOf(fields.multiplier),
        },
      });
      onFeatured(piece);
      setFields(EMPTY);
      setUploaded(null);
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
    <form
      className={cx(ui.panel, styles.form)}
      onSubmit={(e) => void feature(e)}
      aria-labelledby={`${id}-heading`}
      data-testid="piece-form"
    >
      <h2 id={`${id}-heading`} className={ui.panelTitle}>
        Feature a piece
      </h2>
      <div className={styles.tabs} role="tablist" aria-label="Where the piece comes from">
        {tabButton('import', 'Import an FA2 token')}
        {tabButton('manual', 'Enter it yourself')}
      </div>
      <div className={styles.tabpanel} role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'import' && (
          <>
            <div className={styles.inline}>
              <div className={ui.field}>
                <label htmlFor={`${id}-contract`}>Contract</label>
                <input
                  id={`${id}-contract`}
                  type="text"
                  value={contract}
                  onChange={(e) => setContract(e.target.value)}
                  placeholder="KT1…"
                  spellCheck={false}
                  autoComplete="off"
                />
              </div>
              <div className={ui.field} style={{ flex: '0 1 110px' }}>
                <label htmlFor={`${id}-token`}>Token id</label>
                <input
                  id={`${id}-token`}
                  type="text"
                  inputMode="numeric"
                  value={tokenId}
                  onChange={(e) => setTokenId(e.target.value)}
                  placeholder="0"
                  autoComplete="off"
                />
              </div>
              <button
                type="button"
                className={ui.button}
                onClick={() => void readToken()}
                disabled={busy !== null || contract.trim() === '' || tokenId.trim() === ''}
              >
                {busy === 'read' ? 'Reading…' : 'Read token'}
              </button>
            </div>
            <p className={ui.hint}>
              Only a token’s creators may feature it (for a token that names none: its contract’s admin or minters). Its
              creators receive the royalties.
            </p>
            {imported && (
              <p className={notACreator ? ui.alert : ui.hint} data-testid="import-creators">
                {imported.creators.length
                  ? `Creators of this token: ${imported.creators.join(', ')}.`
                  : 'This token names no creators: the server checks its contract’s admin and minters.'}
                {notACreator && ` You are signed in as ${address}, who is not one of them: the server will refuse it.`}
              </p>
            )}
          </>
        )}
        <div className={ui.field}>
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            type="text"
            value={fields.title}
            onChange={set('title')}
            aria-describedby={`${id}-title-count`}
            required
          />
          <CharCount id={`${id}-title-count`} value={fields.title.trim()} max={TEXT_LIMITS.title} />
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-artist`}>Artist name</label>
          <input
            id={`${id}-artist`}
            type="text"
            value={fields.artistName}
            onChange={set('artistName')}
            readOnly={fromToken && imported.artistName !== undefined}
            aria-describedby={`${id}-artist-count`}
            placeholder="as printed on the tile"
          />
          <CharCount id={`${id}-artist-count`} value={fields.artistName.trim()} max={TEXT_LIMITS.artistName} />
          <p className={ui.hint}>
            {fromToken && imported.artistName !== undefined
              ? 'As the token states it.'
              : 'Optional: without one, the tile shows your short address.'}
          </p>
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            value={fields.description}
            onChange={set('description')}
            aria-describedby={`${id}-description-count`}
          />
          <CharCount id={`${id}-description-count`} value={fields.description.trim()} max={TEXT_LIMITS.description} />
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-image`}>Image URI</label>
          <input
            id={`${id}-image`}
            type="text"
            value={fields.imageUri}
            onChange={set('imageUri')}
            aria-describedby={`${id}-image-count`}
            placeholder="https://…, ipfs://… or data:image/…"
            spellCheck={false}
          />
          <CharCount id={`${id}-image-count`} value={imageUri} max={TEXT_LIMITS.imageUri} />
          <p className={ui.hint}>
            Optional: without one, the tile gets generated art. PNG, JPEG, GIF, WebP, SVG or AVIF.
          </p>
          <label htmlFor={`${id}-upload`} className={ui.small}>
            Or upload the image (PNG, JPEG, WebP or GIF, up to 10 MiB): it goes to IPFS, with a display and a thumbnail
            copy
          </label>
          <input
            id={`${id}-upload`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={busy !== null}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
          {busy === 'upload' && <p className={ui.hint}>Uploading…</p>}
          {image.state === 'checking' && <p className={ui.hint}>Checking the image…</p>}
          {report && !report.ok && (
            <p className={ui.alert} role="alert" data-testid="image-problem">
              This image cannot be featured: {report.message}.
            </p>
          )}
          {report?.ok && (
            <figure className={styles.imagePreview} data-testid="image-preview">
              <img src={report.src} alt={`Preview of ${fields.title || 'the piece'}`} />
              <figcaption className={ui.hint}>{describeImage(report)}</figcaption>
            </figure>
          )}
        </div>
      </div>
      <div className={styles.row}>
        {numberField('editionSize', 'edition', 'Edition size', { min: 1, max: 1000, step: 1 })}
        {numberField('price', 'price', 'List price (Tz)', { min: 10, max: 100000, step: 1 })}
        {numberField('multiplier', 'multiplier', 'Multiplier', { min: 0.01, max: 100, step: 0.01 })}
      </div>
      <p className={ui.hint}>
        Edition size 1 makes a 1/1; y makes an edition “x/y”: every copy of the work a game can have, since a piece
        appears once on a board. Price: 10–100,000 Tz. Multiplier: up to ×100, two decimals.
      </p>
      {tooLong.length > 0 && (
        <p className={ui.alert} role="alert">
          Too long for a tile: {tooLong.join(', ')}. Shorten {tooLong.length === 1 ? 'it' : 'them'} to feature the
          piece.
        </p>
      )}
      <Alert problem={error} />
      {notice && (
        <p className={styles.ok} role="status">
          {notice}
        </p>
      )}
      <div className={ui.formActions}>
        <button
          type="submit"
          className={cx(ui.button, ui.primary)}
          disabled={busy !== null || tooLong.length > 0 || imageBlocks}
        >
          {busy === 'save' ? 'Featuring…' : 'Feature this piece'}
        </button>
      </div>
    </form>
  );
}
