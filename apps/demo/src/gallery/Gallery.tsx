import { type GalleryTheme, galleryItemPath, galleryItems, galleryThemes } from './galleryItems.ts'
import './gallery.css'

/**
 * `?gallery=1`: every view and state of the dialog and the buttons, light beside dark, so a
 * designer reviews the whole look at once. Each frame is the demo in one state (`?galleryItem=`),
 * reached with the test wallet against the local world; frames load as they scroll into view.
 */
export default function Gallery() {
  return (
    <main className="gallery">
      <h1>Foyer dialog gallery</h1>
      <p>
        Every view and state, light and dark, on the local world's devnet. The screenshot suite (
        <code>npm run test:screenshots</code>) photographs the same pages.
      </p>
      {galleryItems.map((item) => (
        <section key={item.id} className="gallery-row" aria-labelledby={`gallery-${item.id}`}>
          <h2 id={`gallery-${item.id}`}>{item.title}</h2>
          <div className="gallery-frames">
            {galleryThemes.map((theme: GalleryTheme) => (
              <figure key={theme}>
                <iframe
                  title={`${item.title}, ${theme}`}
                  src={galleryItemPath(item, theme)}
                  loading="lazy"
                  width={item.subject === 'buttons' ? 520 : 420}
                  height={item.subject === 'buttons' ? 260 : 760}
                />
                <figcaption>{theme}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ))}
    </main>
  )
}
