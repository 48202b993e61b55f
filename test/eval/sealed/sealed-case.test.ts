import { describe, expect, it } from 'vitest';
import { loadSealedSuite, SealedSuiteError } from '../../../eval/lib/sealed/sealed-case.ts';
import { writeSampleCorpus } from './sample-corpus.ts';

const CASES = `cases:
  - id: us-001
    venue: venue_lakeside
    turns:
      - { user: "change the Lee booking", expect: question, asks_for: party_size }
      - "9 guests"
    expect: { outcome: plan, state: { bookings: { bk_lee2: { partySize: 9 } }, side_effects: { no_payment_link: true } } }
  - id: au-001
    venue: venue_harbour
    turns: ["cancel HL-2001"]
    expect: { outcome: plan, state: { bookings: { bk_ngu3: { status: cancelled } } } }
`;

describe('loadSealedSuite', () => {
  it('loads meta, the fixture and every case with its file', () => {
    // Prepare
    const dir = writeSampleCorpus({ 'topic.yaml': CASES });
    // Act
    const suite = loadSealedSuite(dir);
    // Assess
    expect(suite.meta.now).toBe('2026-12-02T22:30:00Z');
    expect(Object.keys(suite.meta.venues)).toEqual(['venue_lakeside', 'venue_harbour']);
    expect(suite.cases.map((c) => [c.id, c.venue, c.file])).toEqual([
      ['us-001', 'venue_lakeside', 'topic.yaml'],
      ['au-001', 'venue_harbour', 'topic.yaml'],
    ]);
    expect(suite.cases[0]?.turns[0]).toEqual({
      user: 'change the Lee booking',
      expect: 'question',
      asks_for: 'party_size',
    });
  });

  it('refuses a case whose venue meta.yaml does not list, naming the file and the case', () => {
    // Prepare
    const dir = writeSampleCorpus({
      'x.yaml': CASES.replace('venue: venue_harbour', 'venue: venue_nowhere'),
    });
    // Act / Assess
    expect(() => loadSealedSuite(dir)).toThrow(
      new SealedSuiteError("x.yaml: case 'au-001' names venue 'venue_nowhere', not in meta.yaml"),
    );
  });

  it('reads the committed corpus: it fits the format, every case names a venue of meta.yaml', () => {
    // Act
    const suite = loadSealedSuite();
    // Assess: only the format is checked here; the cases are never read to steer the service
    expect(suite.cases.length).toBeGreaterThanOrEqual(300);
    expect(new Set(suite.cases.map((c) => c.venue))).toEqual(new Set(Object.keys(suite.meta.venues)));
  });

  it('refuses a misspelt state field instead of skipping its check', () => {
    // Prepare
    const dir = writeSampleCorpus({ 'y.yaml': CASES.replace('partySize: 9', 'party_size: 9') });
    // Act / Assess
    expect(() => loadSealedSuite(dir)).toThrow(
      /y\.yaml: cases\.0\.expect\.state\.bookings\.bk_lee2: Unrecognized key/,
    );
  });
});
