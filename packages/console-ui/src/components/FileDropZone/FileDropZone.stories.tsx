import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDropZone, type FileDropZoneProps } from './FileDropZone.js';

const meta = {
  title: 'Inputs/FileDropZone',
  component: FileDropZone,
  args: { label: 'Ekspor Ads Manager (CSV atau XLSX)', accept: '.csv,.xlsx', onFile: fn() },
} satisfies Meta<typeof FileDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = (canvasElement: HTMLElement) =>
  within(canvasElement).getByLabelText('Ekspor Ads Manager (CSV atau XLSX)');
const zone = (canvasElement: HTMLElement) => canvasElement.querySelector('.cui-file-drop-zone')!;
const CSV = new File(['Reporting starts,Ad ID\n'], 'iklan-november.csv', { type: 'text/csv' });
/**
 * A native drag event carrying the file in a real DataTransfer, as the browser sends a drop (testing-library's
 * fireEvent copies the transfer's own keys into a new one, which loses the files).
 */
function drag(target: Element, type: 'dragover' | 'drop', file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

/** Nothing chosen: the hint says what to do. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(input(canvasElement)).toHaveAttribute('type', 'file');
    await expect(input(canvasElement)).toHaveAccessibleDescription('Pilih file atau seret ke sini');
  },
};

/** Choosing a file with the native field (keyboard: Tab, then Enter or Space) reports it. */
export const ChooseFile: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.upload(input(canvasElement) as HTMLInputElement, CSV);
    await expect(args.onFile).toHaveBeenCalledWith(CSV);
  },
};

/** A file dragged over the zone: it highlights. */
export const DragOver: Story = {
  args: { dragging: true },
  play: async ({ canvasElement }) => {
    await expect(zone(canvasElement)).toHaveAttribute('data-dragging');
  },
};

/** Dropping a file reports it and clears the highlight. */
export const DropFile: Story = {
  play: async ({ canvasElement, args }) => {
    drag(zone(canvasElement), 'dragover', CSV);
    await waitFor(() => expect(zone(canvasElement)).toHaveAttribute('data-dragging'));
    drag(zone(canvasElement), 'drop', CSV);
    await expect(args.onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'iklan-november.csv' }));
    await waitFor(() => expect(zone(canvasElement)).not.toHaveAttribute('data-dragging'));
  },
};

/** A file chosen: its name and size (id-ID digits). */
export const Selected: Story = {
  args: { file: { name: 'iklan-november.csv', size: 12_800 } },
  play: async ({ canvasElement }) => {
    await expect(input(canvasElement)).toHaveAccessibleDescription('iklan-november.csv · 12,5 KB');
  },
};

/** An error: read with the field. */
export const WithError: Story = {
  args: { error: 'File ini bukan ekspor Ads Manager.' },
  play: async ({ canvasElement }) => {
    await expect(input(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await expect(input(canvasElement)).toHaveAccessibleDescription(/File ini bukan ekspor Ads Manager\./);
  },
};

/** Disabled (an upload is running): choosing and dropping do nothing. */
export const Disabled: Story = {
  args: { disabled: true, file: { name: 'iklan-november.csv', size: 12_800 } },
  play: async ({ canvasElement, args }) => {
    await expect(input(canvasElement)).toBeDisabled();
    drag(zone(canvasElement), 'drop', CSV);
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

function ControlledDropZone(props: FileDropZoneProps) {
  const [file, setFile] = useState<File | null>(null);
  return <FileDropZone {...props} file={file} onFile={setFile} />;
}

/** The parent keeps the chosen file: its name replaces the hint. */
export const Controlled: Story = {
  render: (args) => <ControlledDropZone {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.upload(input(canvasElement) as HTMLInputElement, CSV);
    await expect(input(canvasElement)).toHaveAccessibleDescription(/^iklan-november\.csv · /);
  },
};

/** Every visual state side by side, for review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 420 }}>
      <FileDropZone {...args} label="Empty" />
      <FileDropZone {...args} label="Drag over" dragging />
      <FileDropZone {...args} label="Selected" file={{ name: 'iklan-november.csv', size: 12_800 }} />
      <FileDropZone {...args} label="Error" error="File ini bukan ekspor Ads Manager." />
      <FileDropZone {...args} label="Disabled" disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('input[type="file"]')).toHaveLength(5);
  },
};
