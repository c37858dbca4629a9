/*
 * Plain-DOM baseline of /bigshop (see bigshop-plain.html): fetches the shop and the session like the SPA,
 * builds every card with document.createElement in one pass, and handles all clicks with one delegated
 * listener. Adding to the cart updates the card and the header and saves the cart (PUT), as the SPA does.
 */
(function () {
  'use strict';
  var SHOP = 'bigshop';
  var API = '/api/v2/webshop/' + SHOP;
  var root = document.getElementById('root');
  var cart = []; // [{ id, productId, count, deviations }]
  var shop = null;
  var headerCount = null;
  var headerTotal = null;
  var cartLink = null;
  var formatter = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function formatMoney(money) {
    if (!formatter)
      formatter = new Intl.NumberFormat('sv-SE', {
        style: 'currency',
        currency: money.currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    return formatter.format(money.amount / 100);
  }

  /** Black or white text on a tag colour, whichever is more readable. */
  function textOn(hex) {
    var n = parseInt(hex.slice(1), 16);
    var luminance = (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
    return luminance > 0.6 ? '#000' : '#fff';
  }

  function cartSummary() {
    var count = 0;
    var amount = 0;
    cart.forEach(function (line) {
      count += line.count;
      amount += line.count * shop.articles[line.productId].price.amount;
    });
    var total = formatMoney({ amount: amount, currency: 'SEK' });
    headerCount.textContent = '(' + count + ')';
    headerTotal.textContent = total;
    cartLink.setAttribute('aria-label', 'Cart: ' + count + (count === 1 ? ' item, ' : ' items, ') + total);
  }

  function cartIcon() {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    var attributes = { 'aria-hidden': 'true', width: '20', height: '20', viewBox: '0 0 24 24', fill: 'none' };
    attributes.stroke = 'currentColor';
    attributes['stroke-width'] = '2';
    Object.keys(attributes).forEach(function (name) {
      svg.setAttribute(name, attributes[name]);
    });
    var cart = document.createElementNS(ns, 'path');
    cart.setAttribute('d', 'M3 4h2l2.4 11h10.2L20 7H6.2');
    cart.setAttribute('stroke-linejoin', 'round');
    svg.appendChild(cart);
    [9, 17].forEach(function (cx) {
      var wheel = document.createElementNS(ns, 'circle');
      wheel.setAttribute('cx', String(cx));
      wheel.setAttribute('cy', '20');
      wheel.setAttribute('r', '1.5');
      svg.appendChild(wheel);
    });
    return svg;
  }

  function header(data) {
    var head = el('header');
    var home = el('a', 'home');
    home.href = '/' + SHOP;
    home.setAttribute('aria-label', "Go to the shop's start page");
    var logo = el('img');
    logo.src = data.company.logo || '/static/logo-dark.svg';
    logo.alt = '';
    logo.width = 120;
    logo.height = 40;
    home.appendChild(logo);
    var title = el('p', 'title');
    title.appendChild(el('span', null, data.shop.title));
    cartLink = el('a', 'cart-link');
    cartLink.href = '/' + SHOP + '/cart';
    cartLink.appendChild(cartIcon());
    headerTotal = el('span', 'cart-total');
    headerCount = el('span', null);
    cartLink.appendChild(headerTotal);
    cartLink.appendChild(headerCount);
    head.appendChild(home);
    head.appendChild(title);
    head.appendChild(cartLink);
    return head;
  }

  function categoryBar(categories) {
    var nav = el('nav');
    nav.setAttribute('aria-label', 'Categories');
    var list = el('ul');
    categories.forEach(function (category, index) {
      var item = el('li');
      var link = el('a', null, category.name);
      link.href = '#category-' + index;
      item.appendChild(link);
      list.appendChild(item);
    });
    nav.appendChild(list);
    return nav;
  }

  function card(product, tags, key) {
    var article = el('article');
    article.setAttribute('aria-labelledby', 'p-' + key);
    article.dataset.productId = product.id;
    var body = el('div', 'body');
    var heading = el('h3');
    heading.id = 'p-' + key;
    var open = el('button', 'open', product.title);
    open.type = 'button';
    heading.appendChild(open);
    body.appendChild(heading);
    if (product.description) body.appendChild(el('p', 'text', product.description));
    if (product.tags.length > 0) {
      var list = el('ul', 'tags');
      list.setAttribute('aria-label', 'Tags');
      product.tags.forEach(function (id) {
        var tag = tags[id];
        if (!tag) return;
        var chip = el('li', null, tag.tag);
        chip.style.background = tag.color;
        chip.style.color = textOn(tag.color);
        list.appendChild(chip);
      });
      body.appendChild(list);
    }
    var row = el('div', 'row');
    row.appendChild(el('span', 'price', formatMoney(product.price)));
    var add = el('button', 'add', '+');
    add.type = 'button';
    add.setAttribute('aria-label', 'Add ' + product.title + ' to the cart');
    row.appendChild(add);
    body.appendChild(row);
    article.appendChild(body);
    return article;
  }

  function footer(company) {
    var foot = el('footer');
    var details = el('section');
    details.appendChild(el('h2', null, 'Company details'));
    var address = el('address');
    [
      company.name,
      'Organisation number: ' + company.organizationnumber,
      company.street,
      company.postalCode + ' ' + company.city,
    ].forEach(function (line, index) {
      if (index > 0) address.appendChild(el('br'));
      address.appendChild(document.createTextNode(line));
    });
    details.appendChild(address);
    var contact = el('section');
    contact.appendChild(el('h2', null, 'Contact'));
    var phone = el('a', null, company.phone);
    phone.href = 'tel:' + company.phone.replace(/\D/g, '');
    var email = el('a', null, company.email);
    email.href = 'mailto:' + company.email;
    var p = el('p');
    p.appendChild(phone);
    p.appendChild(el('br'));
    p.appendChild(email);
    contact.appendChild(p);
    foot.appendChild(details);
    foot.appendChild(contact);
    return foot;
  }

  function render(data) {
    shop = data;
    document.title = data.shop.title;
    document.documentElement.style.setProperty('--primary', data.shop.primaryColor || '#1db954');
    var page = document.createDocumentFragment();
    var skip = el('a', 'skip', 'Skip to content');
    skip.href = '#main';
    page.appendChild(skip);
    page.appendChild(header(data));
    page.appendChild(el('div', 'sentinel')); // the SPA's sticky-bar sentinel, 1 px
    page.appendChild(categoryBar(data.categories));
    var main = el('main');
    main.id = 'main';
    main.appendChild(el('h1', 'visually-hidden', data.shop.title));
    if (data.shop.description) main.appendChild(el('p', 'description', data.shop.description));
    var key = 0;
    data.categories.forEach(function (category, index) {
      var section = el('section');
      section.id = 'category-' + index;
      section.setAttribute('aria-labelledby', 'category-' + index + '-title');
      var title = el('h2', null, category.name);
      title.id = 'category-' + index + '-title';
      section.appendChild(title);
      var grid = el('div', 'grid');
      category.sortedProducts.forEach(function (id) {
        var product = data.articles[id];
        if (product) grid.appendChild(card(product, data.tags, key++));
      });
      section.appendChild(grid);
      main.appendChild(section);
    });
    page.appendChild(main);
    page.appendChild(footer(data.company));
    root.appendChild(page);
    cartSummary();
  }

  function saveCart() {
    fetch(API + '/cart', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cart: cart, tabItems: [] }),
    }).catch(function () {
      // a benchmark page: a failed save is not retried
    });
  }

  function addToCart(article) {
    var productId = article.dataset.productId;
    var line = cart.find(function (l) {
      return l.productId === productId;
    });
    if (line) line.count += 1;
    else {
      line = { id: 'plain-' + productId, productId: productId, count: 1, deviations: [] };
      cart.push(line);
    }
    var label = article.querySelector('.in-cart');
    if (!label) {
      label = el('span', 'in-cart');
      var add = article.querySelector('.add');
      add.parentNode.insertBefore(label, add);
    }
    label.textContent = line.count + ' in cart';
    cartSummary();
    saveCart();
  }

  // The one listener for every card.
  document.addEventListener('click', function (event) {
    var add = event.target.closest && event.target.closest('.add');
    if (add) addToCart(add.closest('article'));
  });

  var get = function (path) {
    return fetch(path, { credentials: 'include' }).then(function (response) {
      if (!response.ok) throw new Error(path + ' answered ' + response.status);
      return response.json();
    });
  };
  Promise.all([get(API), get(API + '/cart')]).then(function (answers) {
    render(answers[0]);
  });
})();
