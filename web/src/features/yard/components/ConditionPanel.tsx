/**
 * The handover on the yard screen (docs/yard.md, The handover): the car's condition at drop-off or collection
 * (odometer, fuel, marks on the car outline with an optional photo each, items left, key tag) and the traveller's
 * acknowledgement (name and a drawn signature, or "traveller not present" with a reason); at collection, what changed
 * since drop-off. Photos and the signature go through the photo uploads (`uploadImage`, composed by the app).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { conditionMessages, conditionStageLabels, formatFuel, formatKm, FUEL_EIGHTHS, MARK_KINDS, markKindLabels, PANELS, type ConditionRecord, type ConditionStage, type ConditionView, type MarkKind, type Panel } from '@shared/condition';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { fetchCondition, recordCondition } from '../api/yard-api';
import { CarOutline } from './CarOutline';
import { SignaturePad, type SignatureHandle } from './SignaturePad';

/** Uploads an image (a mark's photo, the signature) for the booking through the photo uploads; answers its photo id. */
export type UploadImage = (bookingId: string, file: File, description: string) => Promise<string>;

interface DraftMark {
  panel: Panel;
  kind: MarkKind;
  photo: File | null;
  note: string;
}

const ackLine = (r: ConditionRecord) => (r.ack.not_present ? `Traveller not present: ${r.ack.not_present}` : `Signed by ${r.ack.name}`);

function RecordSummary({ record }: { record: ConditionRecord }) {
  return (
    <div className="condition-summary" data-testid={`condition-${record.stage}`}>
      <p>
        <strong>{conditionStageLabels[record.stage]}</strong>: {formatKm(record.odometer_km)}, fuel {formatFuel(record.fuel)}. {ackLine(record)}.
      </p>
      {record.marks.length > 0 ? (
        <ul>
          {record.marks.map((m, i) => (
            <li key={i}>
              {PANELS[m.panel]}: {markKindLabels[m.kind]}
              {m.note ? ` (${m.note})` : ''}
              {m.photo_id ? ', photo' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No marks.</p>
      )}
      {record.items.length > 0 && <p>Items left: {record.items.join(', ')}</p>}
    </div>
  );
}

function Comparison({ view }: { view: ConditionView }) {
  const c = view.comparison;
  if (!c || !view.drop_off || !view.collection) return null;
  const fuel = c.fuel_used ? ('eighths' in c.fuel_used ? `${c.fuel_used.eighths}/8 of a tank` : `${c.fuel_used.charge_percent}% charge`) : 'Not comparable (tank and battery)';
  return (
    <div className="condition-compare" data-testid="condition-comparison">
      <h4>Since drop-off</h4>
      <table>
        <thead>
          <tr>
            <th scope="col">Reading</th>
            <th scope="col">Drop-off</th>
            <th scope="col">Collection</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Odometer</th>
            <td>{formatKm(view.drop_off.odometer_km)}</td>
            <td>{formatKm(view.collection.odometer_km)}</td>
          </tr>
          <tr>
            <th scope="row">Fuel</th>
            <td>{formatFuel(view.drop_off.fuel)}</td>
            <td>{formatFuel(view.collection.fuel)}</td>
          </tr>
          <tr>
            <th scope="row">Marks</th>
            <td>{view.drop_off.marks.length}</td>
            <td>{view.collection.marks.length}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Driven {formatKm(c.distance_km)}; beyond the yard&apos;s own moves ({formatKm(view.yard_moves_km)}): <strong>{formatKm(c.beyond_yard_km)}</strong>. Fuel used: {fuel}.
      </p>
      {c.new_marks.length > 0 ? (
        <ul aria-label="New marks">
          {c.new_marks.map((m, i) => (
            <li key={i}>
              New: {PANELS[m.panel]}, {markKindLabels[m.kind]}
            </li>
          ))}
        </ul>
      ) : (
        <p>No new marks.</p>
      )}
    </div>
  );
}

export function ConditionPanel({ bookingId, version, stage, uploadImage }: { bookingId: string; version: string; stage: ConditionStage; uploadImage?: UploadImage }) {
  const [view, setView] = useState<ConditionView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState(false);

  useEffect(() => {
    const ac = new AbortController();
    fetchCondition(bookingId, ac.signal).then(setView, (err: unknown) => !ac.signal.aborted && setLoadError(errorMessage(err, 'Failed to load the condition records')));
    return () => ac.abort();
  }, [bookingId]);

  if (loadError) return <p className="alert alert-error" role="alert">{loadError}</p>;
  if (!view) return <p className="muted">Loading the condition records...</p>;
  const current = stage === 'drop-off' ? view.drop_off : view.collection;
  const title = `Condition at ${stage}`;
  return (
    <section className="yard-step condition-panel" aria-label={title}>
      <h3>{title}</h3>
      {stage === 'collection' && view.drop_off && <RecordSummary record={view.drop_off} />}
      {current && <RecordSummary record={current} />}
      <Comparison view={view} />
      {current && !correcting ? (
        <button type="button" className="btn btn-outline" onClick={() => setCorrecting(true)}>
          Record a correction
        </button>
      ) : (
        <ConditionForm
          bookingId={bookingId}
          version={version}
          stage={stage}
          corrects={current?.id ?? null}
          uploadImage={uploadImage}
          onSaved={(v) => {
            setView(v);
            setCorrecting(false);
          }}
        />
      )}
    </section>
  );
}

function ConditionForm({ bookingId, version, stage, corrects, uploadImage, onSaved }: { bookingId: string; version: string; stage: ConditionStage; corrects: string | null; uploadImage?: UploadImage; onSaved(v: ConditionView): void }) {
  const { toast } = useToast();
  const [odometer, setOdometer] = useState('');
  const [odometerNote, setOdometerNote] = useState('');
  const [fuelKind, setFuelKind] = useState<'eighths' | 'charge'>('eighths');
  const [fuel, setFuel] = useState('');
  const [panel, setPanel] = useState<Panel | null>(null);
  const [kind, setKind] = useState<MarkKind>('scratch');
  const [markNote, setMarkNote] = useState('');
  const [markPhoto, setMarkPhoto] = useState<File | null>(null);
  const [marks, setMarks] = useState<DraftMark[]>([]);
  const [items, setItems] = useState('');
  const [keyTag, setKeyTag] = useState('');
  const [name, setName] = useState('');
  const [signed, setSigned] = useState(false);
  const [notPresent, setNotPresent] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const signature = useRef<SignatureHandle | null>(null);
  const id = (s: string) => `condition-${stage}-${s}`;

  const addMark = () => {
    if (!panel) return;
    setMarks((m) => [...m, { panel, kind, photo: markPhoto, note: markNote }]);
    setPanel(null);
    setMarkNote('');
    setMarkPhoto(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      if (!notPresent && !signed) throw new ApiError(400, conditionMessages.signatureNeeded, { 'ack.signature': conditionMessages.signatureNeeded });
      const upload = async (file: File, description: string) => {
        if (!uploadImage) throw new Error('Photo uploads are not available here.');
        return uploadImage(bookingId, file, description);
      };
      const photoIds = await Promise.all(marks.map((m) => (m.photo ? upload(m.photo, `${PANELS[m.panel]}: ${markKindLabels[m.kind]}`) : Promise.resolve(undefined))));
      let ack: { name: string; signature: string } | { not_present: string };
      if (notPresent) ack = { not_present: reason };
      else {
        const blob = await signature.current!.toBlob();
        if (!blob) throw new ApiError(400, conditionMessages.signatureNeeded, { 'ack.signature': conditionMessages.signatureNeeded });
        ack = { name, signature: await upload(new File([blob], 'signature.png', { type: 'image/png' }), `Signature at ${stage}`) };
      }
      const done = await recordCondition(bookingId, {
        stage,
        odometer_km: odometer.trim() === '' ? Number.NaN : Number(odometer.replace(/[\s,]/g, '')),
        fuel: fuelKind === 'eighths' ? { eighths: Number(fuel) } : { charge_percent: Number(fuel) },
        marks: marks.map((m, i) => ({ panel: m.panel, kind: m.kind, ...(photoIds[i] ? { photo_id: photoIds[i] } : {}), ...(m.note.trim() ? { note: m.note } : {}) })),
        ...(items.trim() ? { items: items.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
        ...(keyTag.trim() ? { key_tag: keyTag } : {}),
        ...(odometerNote.trim() ? { odometer_note: odometerNote } : {}),
        ack,
        ...(corrects ? { corrects } : {}),
        version,
      });
      toast({ title: conditionMessages.recorded, variant: 'success' });
      onSaved(done.view);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors ?? {});
      toast({ title: 'Condition not recorded', description: errorMessage(err, 'Failed to record the condition'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const fuelError = errors.fuel ?? errors['fuel.eighths'] ?? errors['fuel.charge_percent'];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="condition-form">
      <div className="yard-pair">
        <TextField id={id('odometer')} label="Odometer (km)" value={odometer} onValueChange={setOdometer} error={errors.odometer_km} inputMode="numeric" />
        <Field id={id('fuel-kind')} label="Fuel or charge">
          {(control) => (
            <select {...control} value={fuelKind} onChange={(e) => setFuelKind(e.target.value as 'eighths' | 'charge')}>
              <option value="eighths">Fuel (eighths)</option>
              <option value="charge">Battery (%)</option>
            </select>
          )}
        </Field>
      </div>
      {fuelKind === 'eighths' ? (
        <Field id={id('fuel')} label="Fuel level" error={fuelError}>
          {(control) => (
            <select {...control} value={fuel} onChange={(e) => setFuel(e.target.value)}>
              <option value="">Choose</option>
              {Array.from({ length: FUEL_EIGHTHS + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Empty (0/8)' : n === FUEL_EIGHTHS ? 'Full (8/8)' : `${n}/8`}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <TextField id={id('charge')} label="Charge (%)" value={fuel} onValueChange={setFuel} error={fuelError} inputMode="numeric" />
      )}
      {stage === 'collection' && <TextField id={id('odometer-note')} label="Odometer note (if lower than at drop-off)" value={odometerNote} onValueChange={setOdometerNote} error={errors.odometer_note} />}

      <fieldset className="condition-marks">
        <legend>Damage: choose a panel</legend>
        <CarOutline selected={panel} marked={new Set(marks.map((m) => m.panel))} onSelect={setPanel} />
        {panel && (
          <div className="condition-mark-draft" role="group" aria-label={`Mark on ${PANELS[panel]}`}>
            <p>
              <strong>{PANELS[panel]}</strong>
            </p>
            <Field id={id('kind')} label="Kind">
              {(control) => (
                <select {...control} value={kind} onChange={(e) => setKind(e.target.value as MarkKind)}>
                  {MARK_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {markKindLabels[k]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextField id={id('mark-note')} label="Mark note (optional)" value={markNote} onValueChange={setMarkNote} />
            {uploadImage && (
              <Field id={id('mark-photo')} label="Photo (optional)">
                {(control) => <input {...control} type="file" accept="image/*" capture="environment" onChange={(e) => setMarkPhoto(e.target.files?.[0] ?? null)} />}
              </Field>
            )}
            <button type="button" className="btn btn-outline" onClick={addMark}>
              Add mark
            </button>
          </div>
        )}
        {marks.length > 0 && (
          <ul aria-label="Marks">
            {marks.map((m, i) => (
              <li key={i}>
                {PANELS[m.panel]}: {markKindLabels[m.kind]}
                {m.photo ? ' (photo)' : ''} {errors[`marks.${i}.photo_id`] && <span className="field-error">{errors[`marks.${i}.photo_id`]}</span>}
                <button type="button" className="btn btn-link" onClick={() => setMarks((all) => all.filter((_, j) => j !== i))} aria-label={`Remove ${PANELS[m.panel]} ${markKindLabels[m.kind]}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <TextField id={id('items')} label="Items left in the car (optional, separated by commas)" value={items} onValueChange={setItems} error={errors.items} />
      <TextField id={id('key-tag')} label="Tag number on the keys (optional)" value={keyTag} onValueChange={setKeyTag} error={errors.key_tag} />

      <fieldset className="condition-ack">
        <legend>The traveller acknowledges</legend>
        <label className="checkbox">
          <input type="checkbox" checked={notPresent} onChange={(e) => setNotPresent(e.target.checked)} />
          <span>Traveller not present</span>
        </label>
        {notPresent ? (
          <TextField id={id('not-present')} label="Why the traveller is not present" value={reason} onValueChange={setReason} error={errors['ack.not_present'] ?? errors.ack} />
        ) : (
          <>
            <TextField id={id('name')} label="Traveller's name" value={name} onValueChange={setName} error={errors['ack.name'] ?? errors.ack} autoComplete="off" />
            <SignaturePad onSigned={setSigned} handleRef={signature} />
            {errors['ack.signature'] && (
              <p className="field-error" role="alert">
                {errors['ack.signature']}
              </p>
            )}
          </>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary yard-big" disabled={busy}>
        {busy ? 'Recording...' : `Record ${stage} condition`}
      </button>
    </form>
  );
}
