import { describe, expect, it } from 'vitest';
import { complianceArea } from './compliance';
import { addDays, derive } from './derived';
import { inventoryArea } from './inventory';

const TODAY = '2026-11-24';

describe('derived states', () => {
  it('adds calendar days across months, years and a leap day', () => {
    expect(addDays('2026-11-24', 30)).toBe('2026-12-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('judges a document’s expiry: yesterday Expired, today and today + 30 Expires Soon, today + 31 Valid, none N/A', () => {
    const expiry = (expiryDate: string | null) => derive(complianceArea.derived!.expiry, { expiryDate }, TODAY);
    expect(expiry(addDays(TODAY, -1))).toBe('Expired');
    expect(expiry(TODAY)).toBe('Expires Soon');
    expect(expiry(addDays(TODAY, 30))).toBe('Expires Soon');
    expect(expiry(addDays(TODAY, 31))).toBe('Valid');
    expect(expiry(null)).toBe('No Expiry');
  });

  it('judges stock: at the reorder level Reorder Needed, up to 5 above Low Stock, 6 above In Stock', () => {
    const stock = (quantity: number, reorderLevel: number) => derive(inventoryArea.derived!.stock, { quantity, reorderLevel }, TODAY);
    expect(stock(10, 10)).toBe('Reorder Needed');
    expect(stock(0, 10)).toBe('Reorder Needed');
    expect(stock(11, 10)).toBe('Low Stock');
    expect(stock(15, 10)).toBe('Low Stock');
    expect(stock(16, 10)).toBe('In Stock');
  });
});
