/** /articles/:slug: one of the three blog articles, with its call to book and Back to Blog; any other slug is the 404 page. */
import { Link, useParams } from 'react-router-dom';
import { ARTICLE_BODIES, type ArticleBlock } from '../content/articles';
import { articlePath, BLOG_POSTS, findPost, type BlogPost } from '../content/blog-posts';
import { formatDisplayDate } from '../content/display-date';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import type { ReactNode } from 'react';

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'p':
      return <p>{block.text}</p>;
    case 'ul':
    case 'ol': {
      const List = block.kind;
      return (
        <List>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'tip':
      return (
        <aside className="article-tip" aria-label="Tip">
          <strong>Tip: </strong>
          {block.text}
        </aside>
      );
  }
}

function ArticleView({ post, blocks }: { post: BlogPost; blocks: ArticleBlock[] }) {
  useDocumentMeta(post.title, post.description);
  const others = BLOG_POSTS.filter((p) => p.id !== post.id);
  return (
    <article className="article">
      <header className="page-header">
        <div className="container info-narrow">
          <Link to="/blog" className="back-link">
            <span aria-hidden="true">←</span> Back to Blog
          </Link>
          <h1>{post.title}</h1>
          <p className="post-meta">
            <span>
              By {post.author}, {post.authorRole}
            </span>
            <time dateTime={post.date}>{formatDisplayDate(post.date)}</time>
            <span>{post.readTime}</span>
          </p>
        </div>
      </header>
      <div className="section">
        <div className="container info-narrow article-body">
          <img className="article-image" src={post.image} width="800" height="450" alt={post.imageAlt} loading="lazy" decoding="async" />
          {blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
          <aside className="cta-panel" aria-labelledby="article-cta">
            <h2 id="article-cta">Book your airport parking</h2>
            <p>Secure parking, a free shuttle every 15 minutes and instant confirmation.</p>
            <div className="cta-actions">
              <Link to="/booking" className="btn btn-accent">
                Book Now
              </Link>
            </div>
          </aside>
          <nav aria-label="More articles" className="more-articles">
            <h2>More from the blog</h2>
            <ul>
              {others.map((p) => (
                <li key={p.id}>
                  <Link to={articlePath(p)}>{p.title}</Link>
                </li>
              ))}
            </ul>
            <Link to="/blog" className="btn btn-outline">
              Back to Blog
            </Link>
          </nav>
        </div>
      </div>
    </article>
  );
}

/** `notFound`: what an unknown slug shows (the app shell passes the not-found page). */
export default function Article({ notFound }: { notFound: ReactNode }) {
  const { slug } = useParams();
  const post = findPost(slug);
  const blocks = post ? ARTICLE_BODIES[post.id] : undefined;
  if (!post || !blocks) return <>{notFound}</>;
  return <ArticleView post={post} blocks={blocks} />;
}
