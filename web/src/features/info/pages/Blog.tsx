/** /blog: 'Airport Parking Blog', a link back home and a card per article. */
import { Link } from 'react-router-dom';
import { articlePath, BLOG_POSTS } from '../content/blog-posts';
import { INFO_PAGES } from '../content/public-pages';
import { formatDisplayDate } from '../content/display-date';
import { PageHeader } from '../components/PageFrame';

export default function Blog() {
  return (
    <>
      <PageHeader page={INFO_PAGES.blog} lead="Practical advice for parking at Auckland Airport, from our team at the yard.">
        <Link to="/" className="back-link">
          <span aria-hidden="true">←</span> Back to Home
        </Link>
      </PageHeader>
      <section className="section" aria-label="Articles">
        <div className="container">
          <ul className="blog-grid">
            {BLOG_POSTS.map((post) => (
              <li key={post.id}>
                <article className="card blog-card">
                  <img src={post.image} width="400" height="225" alt={post.imageAlt} loading="lazy" decoding="async" />
                  <div className="blog-card-body">
                    <h2>
                      <Link to={articlePath(post)}>{post.title}</Link>
                    </h2>
                    <p>{post.excerpt}</p>
                    <p className="post-meta">
                      <span>By {post.author}</span>
                      <time dateTime={post.date}>{formatDisplayDate(post.date)}</time>
                      <span>{post.readTime}</span>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
