import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { CreativePreview, CreativeThumbnail } from './CreativePreview.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

/** A picture that loads without the network: a square with a colour and a word. */
const picture = (fill: string, word: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="${fill}"/><text x="160" y="170" font-size="40" text-anchor="middle" fill="#fff">${word}</text></svg>`,
  )}`;
const IMAGE = picture('#1f6feb', 'Promo');
const POSTER = picture('#8250df', 'Video');
/** An address whose answer is no picture (a dead CDN link): the placeholder must replace the broken image. */
const DEAD = 'data:image/jpeg;base64,AAAA';
const NAME = 'VIDEO | Parenting Positif | Testimoni 3';

const meta = {
  title: 'Content/CreativePreview',
  component: CreativePreview,
  args: { src: IMAGE, name: NAME, kind: 'image' },
  decorators: [
    (Story) => (
      <div style={{ width: 340 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CreativePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

const frameOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-variant]') as HTMLElement;

/** The address is still being fetched: a skeleton, spoken as loading. */
export const Loading: Story = {
  args: { src: null, loading: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').loading }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(frameOf(canvasElement)).toHaveAttribute('data-state', 'loading');
  },
};

/** An image creative: the picture, lazy-loaded, named by the creative. */
export const LoadedImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole('img', { name: NAME });
    await expect(image).toHaveAttribute('loading', 'lazy');
    await waitFor(() => expect(frameOf(canvasElement)).toHaveAttribute('data-state', 'loaded'));
  },
};

/** A video creative: its poster frame with a "Video" badge; the alt text says it is a poster. */
export const VideoPoster: Story = {
  args: { src: POSTER, kind: 'video' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(frameOf(canvasElement)).toHaveAttribute('data-state', 'loaded'));
    await expect(
      canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').videoPoster(NAME) }),
    ).toBeVisible();
    await expect(
      canvas.getByText(new RegExp(messagesIn({ globals }, 'creativePreview').videoBadge)),
    ).toBeVisible();
  },
};

/** A dead address: a placeholder with words, never a torn image. */
export const BrokenUrl: Story = {
  args: { src: DEAD },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(frameOf(canvasElement)).toHaveAttribute('data-state', 'broken'));
    await expect(
      canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').broken(NAME) }),
    ).toBeVisible();
    await expect(canvas.getByText(messagesIn({ globals }, 'creativePreview').brokenText)).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** No picture known (a draft without a Meta creative id): the placeholder. */
export const None: Story = {
  args: { src: null, kind: 'none' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').none(NAME) }),
    ).toBeVisible();
    await expect(canvas.getByText(messagesIn({ globals }, 'creativePreview').noneText)).toBeVisible();
  },
};

/** The table cell's size: 40 px, the same states, no words inside (the name is spoken). */
export const Thumbnails: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <CreativeThumbnail src={null} name="Loading" loading />
      <CreativeThumbnail src={IMAGE} name="Image" />
      <CreativeThumbnail src={POSTER} name="Video" kind="video" />
      <CreativeThumbnail src={DEAD} name="Dead" />
      <CreativeThumbnail src={null} name="Draft" kind="none" />
    </div>
  ),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Image' })).toHaveAttribute('loading', 'lazy');
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').videoPoster('Video') }),
      ).toBeVisible(),
    );
    await expect(
      canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').none('Draft') }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: messagesIn({ globals }, 'creativePreview').broken('Dead') }),
      ).toBeVisible(),
    );
    const frames = [...canvasElement.querySelectorAll('[data-variant="thumbnail"]')];
    await expect(frames.map((frame) => frame.getBoundingClientRect().width)).toEqual([40, 40, 40, 40, 40]);
  },
};

/** Every state of the preview side by side, for visual review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 160px)', gap: 8 }}>
      <CreativePreview src={null} name="Loading" loading />
      <CreativePreview src={IMAGE} name="Image" />
      <CreativePreview src={POSTER} name="Video" kind="video" />
      <CreativePreview src={DEAD} name="Dead" />
      <CreativePreview src={null} name="Draft" kind="none" />
    </div>
  ),
  // By state, not by words: the visual review also runs it in Indonesian.
  play: async ({ canvasElement }) => {
    const stateOf = () =>
      [...canvasElement.querySelectorAll('[data-variant]')].map((frame) => frame.getAttribute('data-state'));
    await waitFor(() => expect(stateOf()).toEqual(['loading', 'loaded', 'loaded', 'broken', 'none']));
  },
};
