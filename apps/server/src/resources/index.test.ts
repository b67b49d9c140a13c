import { describe, expect, it } from 'vitest';
import type { AreaKey } from '@raahi/domain';
import { resourceOf, resources } from '.';
import { linkResources } from './declared';
import { tripsResource } from './trips';

/** The registry of areas and what is derived from it. (That it names every area once is its type: a mapped type over AreaKey.) */
describe('the registry of areas', () => {
  it('gives each area that others link to a label over its own columns, and finds an area by its key', () => {
    const linked = new Set(resources.flatMap((r) => (r.references ?? []).filter((ref) => ref.noun !== 'file').map((ref) => ref.table)));
    for (const resource of resources.filter((r) => linked.has(r.table))) expect(resource.label, resource.area.key).toBeDefined();
    expect(resourceOf('vehicles').area.key).toBe('vehicles');
  });

  it('keeps the export columns the five older areas had before they were declared, header for header', () => {
    const headers = (key: AreaKey) => resourceOf(key).exportColumns.map((c) => c.header);
    expect(headers('vehicles')).toEqual(['ID', 'Make & Model', 'Year', 'License Plate', 'VIN', 'Type', 'Mileage (km)', 'Status', 'Purchase Date']);
    expect(headers('drivers')).toEqual(['Driver ID', 'Name', 'License No.', 'Contact', 'Email', 'Joining Date', 'Status']);
    expect(headers('trips')).toEqual(['Trip ID', 'Origin', 'Destination', 'Vehicle', 'License Plate', 'Driver', 'Status', 'ETA', 'Start Date', 'End Date']);
    expect(headers('driver-training')).toEqual(['Record ID', 'Driver', 'Training Type', 'Schedule Date', 'Trainer', 'Score (%)', 'Validity', 'Status']);
    expect(headers('driver-health')).toEqual(['Driver', 'Test Type', 'Test Date', 'Result', 'Next Due Date', 'Clinic']);
    // Kinds as before: a phone as text for spreadsheets, dates and date-times in the reader's zone, numbers plain.
    const kinds = (key: AreaKey) => resourceOf(key).exportColumns.map((c) => c.kind ?? 'text');
    expect(kinds('drivers')).toEqual(['text', 'text', 'text', 'phone', 'text', 'date', 'text']);
    expect(kinds('trips')).toEqual(['text', 'text', 'text', 'text', 'text', 'text', 'text', 'datetime', 'datetime', 'datetime']);
    expect(kinds('vehicles')).toEqual(['text', 'text', 'number', 'text', 'text', 'text', 'number', 'text', 'date']);
  });

  it('refuses at start-up a link to an area no resource declares with a label', () => {
    expect(() => linkResources([tripsResource])).toThrow("trips.vehicleId links to 'vehicles', which no resource declares with a label.");
  });
});
