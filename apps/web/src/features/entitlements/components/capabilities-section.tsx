import type { Capability } from '@ec/contract/entitlements/capabilities';
import { PRODUCT_LABELS, PRODUCTS, type Product } from '@ec/contract/products';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SectionCard } from '../../../components/ui/section-card';
import { useCapabilities } from '../../../lib/entitlements/get-capabilities';

const TYPE_LABELS: Record<Capability['type'], string> = {
  boolean: 'Boolean',
  number: 'Number',
  range: 'Range',
  array: 'Array',
};

/** A capability's default as one line: On/Off, a number, min to max, or the listed values. */
export function formatCapabilityValue(value: Capability['defaultSelected']): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'None';
  return `${value.min} to ${value.max}`;
}

const bound = (capability: Capability, key: 'min' | 'max') =>
  capability.type === 'number' || capability.type === 'range' ? String(capability[key]) : '';

const COLUMNS: DataTableColumn<Capability>[] = [
  {
    id: 'feature',
    header: 'Feature',
    cell: (capability) => (
      <>
        {capability.label}
        <br />
        <code style={{ fontSize: '0.8em', overflowWrap: 'anywhere' }}>{capability.feature}</code>
      </>
    ),
  },
  { id: 'type', header: 'Type', cell: (capability) => TYPE_LABELS[capability.type] },
  { id: 'min', header: 'Min', cell: (capability) => bound(capability, 'min') },
  { id: 'max', header: 'Max', cell: (capability) => bound(capability, 'max') },
  {
    id: 'possible',
    header: 'Possible Values',
    cell: (capability) => (capability.type === 'array' ? (capability.possible?.join(', ') ?? 'Any') : ''),
  },
  {
    id: 'default',
    header: 'Default',
    cell: (capability) => formatCapabilityValue(capability.defaultSelected),
  },
];

/** Capabilities (spec 3 §2.8, §3.9): one tab per product, each feature's definition. */
export function CapabilitiesSection() {
  const [product, setProduct] = useState<Product>('edgecaster');
  const capabilities = useCapabilities(product);
  return (
    <SectionCard title="Capabilities">
      <Tabs
        value={product}
        onChange={(_event, value) => setProduct(value)}
        aria-label="Products"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {PRODUCTS.map((option) => (
          <Tab
            key={option}
            value={option}
            label={PRODUCT_LABELS[option]}
            id={`capabilities-tab-${option}`}
            aria-controls="capabilities-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="capabilities-panel" aria-labelledby={`capabilities-tab-${product}`}>
        <DataTable
          label={`${PRODUCT_LABELS[product]} capabilities`}
          columns={COLUMNS}
          rows={capabilities.data?.capabilities ?? []}
          rowKey={(capability) => capability.feature}
          emptyText="This product has no capabilities."
          query={capabilities}
        />
      </div>
    </SectionCard>
  );
}
